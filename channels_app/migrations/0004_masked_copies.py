"""Derived copies of a message carry its secrets masked (DESIGN §5 "Never learnt", §6).

A message that holds a secret stays as written in its owner's chat; the channel services store
a masked copy beside it (``masked`` on a web transcript text part, ``body_masked`` and
``caption_masked`` on ``whatsapp_messages``) and these triggers copy that variant into
``ai_messages``, and from there into the search index. Frozen SQL: the functions of 0002 with
the masked variant read through COALESCE; the reverse restores 0002's bodies.
"""

from django.db import migrations, models

FORWARD_SQL = r"""
-- Text of one web transcript message: its text parts (each one's masked copy when it has one),
-- else a plain "text" key.
CREATE OR REPLACE FUNCTION web_message_text(m jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT COALESCE(
        (SELECT string_agg(COALESCE(p ->> 'masked', p ->> 'text'), E'\n' ORDER BY n)
           FROM jsonb_array_elements(
                    CASE WHEN jsonb_typeof(m -> 'parts') = 'array' THEN m -> 'parts'
                         ELSE '[]'::jsonb END) WITH ORDINALITY AS t(p, n)
          WHERE p ->> 'type' = 'text'),
        m ->> 'text', '')
$$;

CREATE OR REPLACE FUNCTION whatsapp_messages_ingest() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_user bigint;
    v_new text;
BEGIN
    IF TG_OP = 'DELETE' THEN
        DELETE FROM ai_messages WHERE channel = 'whatsapp' AND external_id = OLD.message_sid;
        RETURN NULL;
    END IF;
    v_new := whatsapp_message_text(COALESCE(NEW.body_masked, NEW.body),
                                   COALESCE(NEW.caption_masked, NEW.caption), NEW.transcript);
    IF TG_OP = 'INSERT' THEN
        -- The owner is looked up once, on insert: what a number said before it was linked
        -- keeps only the phone until the person adopts it (adopted_by_id below).
        SELECT user_id INTO v_user FROM phone_links WHERE phone = NEW.phone;
        PERFORM ingest_message('whatsapp', 'whatsapp:' || NEW.phone, NEW.message_sid,
                               NEW.organization_id, v_user, NEW.phone,
                               CASE NEW.direction WHEN 'inbound' THEN 'user' ELSE 'assistant' END,
                               v_new);
        RETURN NULL;
    END IF;
    IF v_new IS DISTINCT FROM whatsapp_message_text(COALESCE(OLD.body_masked, OLD.body),
                                                    COALESCE(OLD.caption_masked, OLD.caption),
                                                    OLD.transcript) THEN
        UPDATE ai_messages SET text = v_new, updated_at = now()
         WHERE channel = 'whatsapp' AND external_id = NEW.message_sid;
    END IF;
    IF NEW.adopted_by_id IS NOT NULL AND NEW.adopted_by_id IS DISTINCT FROM OLD.adopted_by_id THEN
        UPDATE ai_messages SET owner_user_id = NEW.adopted_by_id, updated_at = now()
         WHERE channel = 'whatsapp' AND external_id = NEW.message_sid
           AND owner_user_id IS NULL;
    END IF;
    RETURN NULL;
END $$;
"""

REVERSE_SQL = r"""
CREATE OR REPLACE FUNCTION web_message_text(m jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT COALESCE(
        (SELECT string_agg(p ->> 'text', E'\n' ORDER BY n)
           FROM jsonb_array_elements(
                    CASE WHEN jsonb_typeof(m -> 'parts') = 'array' THEN m -> 'parts'
                         ELSE '[]'::jsonb END) WITH ORDINALITY AS t(p, n)
          WHERE p ->> 'type' = 'text'),
        m ->> 'text', '')
$$;

CREATE OR REPLACE FUNCTION whatsapp_messages_ingest() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_user bigint;
BEGIN
    IF TG_OP = 'DELETE' THEN
        DELETE FROM ai_messages WHERE channel = 'whatsapp' AND external_id = OLD.message_sid;
        RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
        SELECT user_id INTO v_user FROM phone_links WHERE phone = NEW.phone;
        PERFORM ingest_message('whatsapp', 'whatsapp:' || NEW.phone, NEW.message_sid,
                               NEW.organization_id, v_user, NEW.phone,
                               CASE NEW.direction WHEN 'inbound' THEN 'user' ELSE 'assistant' END,
                               whatsapp_message_text(NEW.body, NEW.caption, NEW.transcript));
        RETURN NULL;
    END IF;
    IF whatsapp_message_text(NEW.body, NEW.caption, NEW.transcript)
       IS DISTINCT FROM whatsapp_message_text(OLD.body, OLD.caption, OLD.transcript) THEN
        UPDATE ai_messages
           SET text = whatsapp_message_text(NEW.body, NEW.caption, NEW.transcript),
               updated_at = now()
         WHERE channel = 'whatsapp' AND external_id = NEW.message_sid;
    END IF;
    IF NEW.adopted_by_id IS NOT NULL AND NEW.adopted_by_id IS DISTINCT FROM OLD.adopted_by_id THEN
        UPDATE ai_messages SET owner_user_id = NEW.adopted_by_id, updated_at = now()
         WHERE channel = 'whatsapp' AND external_id = NEW.message_sid
           AND owner_user_id IS NULL;
    END IF;
    RETURN NULL;
END $$;
"""


class Migration(migrations.Migration):
    dependencies = [("channels_app", "0003_beat_schedule")]

    operations = [
        migrations.AddField(
            model_name="whatsappmessage",
            name="body_masked",
            field=models.TextField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="whatsappmessage",
            name="caption_masked",
            field=models.TextField(blank=True, null=True),
        ),
        migrations.RunSQL(FORWARD_SQL, REVERSE_SQL),
    ]
