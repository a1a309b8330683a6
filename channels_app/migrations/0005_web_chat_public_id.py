"""Web chats are addressed by a random ``public_id``; a temporary chat has no row (DESIGN §6).

Sequential chat ids in URLs and conversation ids (``web:<id>``) told anyone how many chats
exist and invited guessing; ``public_id`` (a UUID) replaces them in both, and every stored
conversation id is rewritten. The temporary flag goes: a temporary chat now lives only in the
signed form of its page (decision 0008), so the rows of earlier temporary chats are deleted with
whatever they left in the ledger. Frozen SQL: ``web_chats_ingest`` of 0002 keyed by
``public_id``, without the temporary branch; the reverse restores 0002's function and trigger.
"""

import uuid

from django.db import migrations, models

FORWARD_SQL = r"""
UPDATE web_chats SET public_id = gen_random_uuid() WHERE public_id IS NULL;

-- Earlier temporary chats: their transcript and anything the ledger recorded about them.
DELETE FROM search_shown_items s USING web_chats w
 WHERE w.temporary AND s.conversation_id = 'web:' || w.id;
DELETE FROM conversation_summaries s USING web_chats w
 WHERE w.temporary AND s.conversation_id = 'web:' || w.id;
DELETE FROM web_chats WHERE temporary;

UPDATE ai_messages a SET conversation_id = 'web:' || w.public_id
  FROM web_chats w WHERE a.channel = 'web' AND a.conversation_id = 'web:' || w.id;
UPDATE learned_notices n SET conversation_id = 'web:' || w.public_id
  FROM web_chats w WHERE n.channel = 'web' AND n.conversation_id = 'web:' || w.id;
UPDATE conversation_summaries s SET conversation_id = 'web:' || w.public_id
  FROM web_chats w WHERE s.conversation_id = 'web:' || w.id;
UPDATE search_shown_items s SET conversation_id = 'web:' || w.public_id
  FROM web_chats w WHERE s.conversation_id = 'web:' || w.id;

DROP TRIGGER IF EXISTS web_chats_keep_temporary ON web_chats;
DROP FUNCTION IF EXISTS web_chats_keep_temporary();

CREATE OR REPLACE FUNCTION web_chats_ingest() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    m jsonb;
    v_text text;
    old_texts jsonb := '{}'::jsonb;
BEGIN
    IF TG_OP = 'DELETE' THEN
        DELETE FROM ai_messages WHERE channel = 'web' AND conversation_id = 'web:' || OLD.public_id;
        RETURN NULL;
    END IF;
    IF TG_OP = 'UPDATE' THEN
        SELECT COALESCE(jsonb_object_agg(o ->> 'id', web_message_text(o)), '{}'::jsonb)
          INTO old_texts
          FROM jsonb_array_elements(OLD.transcript) o
         WHERE o ->> 'id' IS NOT NULL;
    END IF;
    FOR m IN SELECT e FROM jsonb_array_elements(NEW.transcript) e LOOP
        CONTINUE WHEN m ->> 'id' IS NULL;
        v_text := web_message_text(m);
        -- Only the messages whose text changed (or that are new) reach ai_messages.
        CONTINUE WHEN old_texts ->> (m ->> 'id') IS NOT DISTINCT FROM v_text;
        PERFORM ingest_message('web', 'web:' || NEW.public_id, NEW.id || ':' || (m ->> 'id'),
                               NEW.organization_id, NEW.owner_user_id, NULL,
                               COALESCE(m ->> 'role', 'user'), v_text);
    END LOOP;
    IF TG_OP = 'UPDATE' THEN
        DELETE FROM ai_messages a
         WHERE a.channel = 'web' AND a.conversation_id = 'web:' || NEW.public_id
           AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(NEW.transcript) e
                            WHERE NEW.id || ':' || (e ->> 'id') = a.external_id);
    END IF;
    RETURN NULL;
END $$;
"""

REVERSE_SQL = r"""
CREATE OR REPLACE FUNCTION web_chats_ingest() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    m jsonb;
    v_text text;
    old_texts jsonb := '{}'::jsonb;
BEGIN
    IF TG_OP = 'DELETE' THEN
        DELETE FROM ai_messages WHERE channel = 'web' AND conversation_id = 'web:' || OLD.id;
        RETURN NULL;
    END IF;
    -- A temporary conversation is never copied anywhere (DESIGN §6, "Forgetting").
    IF NEW.temporary THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'UPDATE' THEN
        SELECT COALESCE(jsonb_object_agg(o ->> 'id', web_message_text(o)), '{}'::jsonb)
          INTO old_texts
          FROM jsonb_array_elements(OLD.transcript) o
         WHERE o ->> 'id' IS NOT NULL;
    END IF;
    FOR m IN SELECT e FROM jsonb_array_elements(NEW.transcript) e LOOP
        CONTINUE WHEN m ->> 'id' IS NULL;
        v_text := web_message_text(m);
        -- Only the messages whose text changed (or that are new) reach ai_messages.
        CONTINUE WHEN old_texts ->> (m ->> 'id') IS NOT DISTINCT FROM v_text;
        PERFORM ingest_message('web', 'web:' || NEW.id, NEW.id || ':' || (m ->> 'id'),
                               NEW.organization_id, NEW.owner_user_id, NULL,
                               COALESCE(m ->> 'role', 'user'), v_text);
    END LOOP;
    IF TG_OP = 'UPDATE' THEN
        DELETE FROM ai_messages a
         WHERE a.channel = 'web' AND a.conversation_id = 'web:' || NEW.id
           AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(NEW.transcript) e
                            WHERE NEW.id || ':' || (e ->> 'id') = a.external_id);
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION web_chats_keep_temporary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.temporary IS DISTINCT FROM OLD.temporary THEN
        RAISE EXCEPTION 'a chat is temporary or not from its creation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER web_chats_keep_temporary BEFORE UPDATE OF temporary ON web_chats
    FOR EACH ROW EXECUTE FUNCTION web_chats_keep_temporary();

UPDATE ai_messages a SET conversation_id = 'web:' || w.id
  FROM web_chats w WHERE a.channel = 'web' AND a.conversation_id = 'web:' || w.public_id;
UPDATE learned_notices n SET conversation_id = 'web:' || w.id
  FROM web_chats w WHERE n.channel = 'web' AND n.conversation_id = 'web:' || w.public_id;
UPDATE conversation_summaries s SET conversation_id = 'web:' || w.id
  FROM web_chats w WHERE s.conversation_id = 'web:' || w.public_id;
UPDATE search_shown_items s SET conversation_id = 'web:' || w.id
  FROM web_chats w WHERE s.conversation_id = 'web:' || w.public_id;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("channels_app", "0004_masked_copies"),
        ("assistant", "0001_initial"),
        ("search", "0003_index_messages"),
    ]

    operations = [
        migrations.AddField(
            model_name="webchat",
            name="public_id",
            field=models.UUIDField(editable=False, null=True),
        ),
        migrations.RunSQL(FORWARD_SQL, REVERSE_SQL),
        migrations.AlterField(
            model_name="webchat",
            name="public_id",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True),
        ),
        migrations.RemoveField(model_name="webchat", name="temporary"),
    ]
