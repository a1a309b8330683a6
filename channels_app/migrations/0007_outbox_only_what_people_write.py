"""Only what a person writes goes to the learning outbox (docs/decisions/0028).

The triggers of 0002 queued every new or re-edited row of ``ai_messages``, the assistant's
replies too, which the learner then dismissed one by one (``not_a_person``): under a WhatsApp
burst, half of the outbox. The same triggers now fire only for ``role = 'user'``; the function
they call is unchanged. DESIGN §6, "Channels".
"""

from django.db import migrations

SQL = """
DROP TRIGGER IF EXISTS ai_messages_outbox_insert ON ai_messages;
DROP TRIGGER IF EXISTS ai_messages_outbox_edit ON ai_messages;
CREATE TRIGGER ai_messages_outbox_insert AFTER INSERT ON ai_messages
    FOR EACH ROW WHEN (NEW.role = 'user')
    EXECUTE FUNCTION ai_messages_to_outbox();
CREATE TRIGGER ai_messages_outbox_edit AFTER UPDATE OF text ON ai_messages
    FOR EACH ROW WHEN (NEW.role = 'user' AND OLD.text IS DISTINCT FROM NEW.text)
    EXECUTE FUNCTION ai_messages_to_outbox();
"""

REVERSE_SQL = """
DROP TRIGGER IF EXISTS ai_messages_outbox_insert ON ai_messages;
DROP TRIGGER IF EXISTS ai_messages_outbox_edit ON ai_messages;
CREATE TRIGGER ai_messages_outbox_insert AFTER INSERT ON ai_messages
    FOR EACH ROW EXECUTE FUNCTION ai_messages_to_outbox();
CREATE TRIGGER ai_messages_outbox_edit AFTER UPDATE OF text ON ai_messages
    FOR EACH ROW WHEN (OLD.text IS DISTINCT FROM NEW.text)
    EXECUTE FUNCTION ai_messages_to_outbox();
"""


class Migration(migrations.Migration):
    dependencies = [("channels_app", "0006_outbox_claims_and_replies")]

    operations = [migrations.RunSQL(SQL, REVERSE_SQL)]
