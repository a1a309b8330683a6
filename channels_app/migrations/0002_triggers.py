"""Triggers that write ``ai_messages`` and the outbox (DESIGN §6, "Channels").

Application code never writes ``ai_messages``: the web transcript trigger (only messages whose
text changed), the WhatsApp trigger (insert, edit, delete, adoption of earlier history) and any
future channel all go through ``ingest_message()``. A trigger on ``ai_messages`` drops each new
or re-edited row into ``channel_outbox`` for the learning worker.

Frozen (docs/decisions/0004): the row-level security of ``ai_messages`` is the SQL
``sumalos.rls.sql.protect_table_sql`` rendered for ``TABLE_POLICIES["ai_messages"]`` (DESIGN §3)
when this migration was written; a changed rule needs a new migration.
"""

from django.db import migrations

FUNCTIONS_SQL = r"""
-- The one entry point for every channel. Returns the row id, or NULL when nothing changed.
-- The owner is the user when there is one, and the phone as well on WhatsApp, so a linked
-- number's history is visible from both doors (DESIGN §3, OwnedByPrincipal).
CREATE OR REPLACE FUNCTION ingest_message(
    p_channel text, p_conversation_id text, p_external_id text, p_organization_id bigint,
    p_user_id bigint, p_phone text, p_role text, p_text text
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    v_id bigint;
BEGIN
    IF p_user_id IS NULL AND p_phone IS NULL THEN
        RAISE EXCEPTION 'ingest_message: a message needs an owner (user or phone)';
    END IF;
    INSERT INTO ai_messages (conversation_id, channel, external_id, visibility, organization_id,
                             owner_user_id, owner_phone, area, role, text, created_at, updated_at)
    VALUES (p_conversation_id, p_channel, p_external_id,
            CASE WHEN p_organization_id IS NULL THEN 'personal' ELSE 'private_in_org' END,
            p_organization_id, p_user_id, p_phone, 'general', p_role, COALESCE(p_text, ''),
            now(), now())
    ON CONFLICT (channel, external_id) DO UPDATE
        SET text = EXCLUDED.text, updated_at = now()
        WHERE ai_messages.text IS DISTINCT FROM EXCLUDED.text
    RETURNING id INTO v_id;
    RETURN v_id;
END $$;

-- Text of one web transcript message: its text parts, else a plain "text" key.
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

CREATE OR REPLACE FUNCTION whatsapp_message_text(body text, caption text, transcript text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT concat_ws(E'\n', NULLIF(body, ''), NULLIF(caption, ''), NULLIF(transcript, ''))
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
        -- The owner is looked up once, on insert: what a number said before it was linked
        -- keeps only the phone until the person adopts it (adopted_by_id below).
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

CREATE OR REPLACE FUNCTION ai_messages_to_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO channel_outbox (message_id, status, attempts, available_at, last_error, outcome,
                                created_at)
    VALUES (NEW.id, 'pending', 0, now(), '', '', now())
    ON CONFLICT (message_id) WHERE status = 'pending' DO NOTHING;
    RETURN NULL;
END $$;

-- Rows deleted by the triggers (or by raw SQL) take their dependants with them in the database,
-- not only in the ORM: the outbox entry goes, a notice forgets its message or memory.
DO $$
DECLARE
    fk record;
BEGIN
    FOR fk IN
        SELECT c.conname, c.conrelid::regclass AS tbl, a.attname AS col,
               c.confrelid::regclass AS ref,
               CASE WHEN a.attname = 'message_id' THEN 'CASCADE' ELSE 'SET NULL' END AS action
          FROM pg_constraint c
          JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
         WHERE c.contype = 'f'
           AND ((c.conrelid = 'channel_outbox'::regclass AND a.attname = 'message_id')
             OR (c.conrelid = 'learned_notices'::regclass
                 AND a.attname IN ('source_message_id', 'memory_id', 'superseded_memory_id')))
    LOOP
        EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.tbl, fk.conname);
        EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I FOREIGN KEY (%I) REFERENCES %s (id) '
                       'ON DELETE %s DEFERRABLE INITIALLY DEFERRED',
                       fk.tbl, fk.conname, fk.col, fk.ref, fk.action);
    END LOOP;
END $$;

ALTER TABLE web_chats ADD CONSTRAINT web_chats_transcript_is_array
    CHECK (jsonb_typeof(transcript) = 'array');

CREATE TRIGGER web_chats_ingest AFTER INSERT OR UPDATE OF transcript OR DELETE ON web_chats
    FOR EACH ROW EXECUTE FUNCTION web_chats_ingest();
CREATE TRIGGER web_chats_keep_temporary BEFORE UPDATE OF temporary ON web_chats
    FOR EACH ROW EXECUTE FUNCTION web_chats_keep_temporary();
CREATE TRIGGER whatsapp_messages_ingest AFTER INSERT OR UPDATE OR DELETE ON whatsapp_messages
    FOR EACH ROW EXECUTE FUNCTION whatsapp_messages_ingest();
CREATE TRIGGER ai_messages_outbox_insert AFTER INSERT ON ai_messages
    FOR EACH ROW EXECUTE FUNCTION ai_messages_to_outbox();
CREATE TRIGGER ai_messages_outbox_edit AFTER UPDATE OF text ON ai_messages
    FOR EACH ROW WHEN (OLD.text IS DISTINCT FROM NEW.text)
    EXECUTE FUNCTION ai_messages_to_outbox();
"""

DROP_SQL = """
DROP TRIGGER IF EXISTS ai_messages_outbox_edit ON ai_messages;
DROP TRIGGER IF EXISTS ai_messages_outbox_insert ON ai_messages;
DROP TRIGGER IF EXISTS whatsapp_messages_ingest ON whatsapp_messages;
DROP TRIGGER IF EXISTS web_chats_keep_temporary ON web_chats;
DROP TRIGGER IF EXISTS web_chats_ingest ON web_chats;
ALTER TABLE web_chats DROP CONSTRAINT IF EXISTS web_chats_transcript_is_array;
DROP FUNCTION IF EXISTS ai_messages_to_outbox();
DROP FUNCTION IF EXISTS whatsapp_messages_ingest();
DROP FUNCTION IF EXISTS whatsapp_message_text(text, text, text);
DROP FUNCTION IF EXISTS web_chats_keep_temporary();
DROP FUNCTION IF EXISTS web_chats_ingest();
DROP FUNCTION IF EXISTS web_message_text(jsonb);
DROP FUNCTION IF EXISTS ingest_message(text, text, text, bigint, bigint, text, text, text);
"""

PROTECT_AI_MESSAGES_SQL = """
ALTER TABLE ai_messages ENABLE ROW LEVEL SECURITY;
ALTER TABLE ai_messages FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON ai_messages;
CREATE POLICY app_owner_all ON ai_messages FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON ai_messages;
CREATE POLICY ai_reader_select ON ai_messages FOR SELECT TO ai_reader USING (((visibility = 'personal' AND (owner_user_id = (SELECT ai_user_id()) OR owner_phone = (SELECT ai_phone()))) OR (visibility = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (owner_user_id = (SELECT ai_user_id()) OR owner_phone = (SELECT ai_phone()))) OR (visibility = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (area = 'general' OR (organization_id::text || ':' || area) = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON ai_messages IS 'rule:2fdcd22afb55d179';
GRANT SELECT ON ai_messages TO ai_reader;
"""

UNPROTECT_AI_MESSAGES_SQL = """
REVOKE ALL ON ai_messages FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON ai_messages;
DROP POLICY IF EXISTS app_owner_all ON ai_messages;
ALTER TABLE ai_messages NO FORCE ROW LEVEL SECURITY;
ALTER TABLE ai_messages DISABLE ROW LEVEL SECURITY;
"""


class Migration(migrations.Migration):
    dependencies = [("channels_app", "0001_initial"), ("rls", "0001_access_functions")]

    operations = [
        migrations.RunSQL(FUNCTIONS_SQL, DROP_SQL),
        migrations.RunSQL(PROTECT_AI_MESSAGES_SQL, UNPROTECT_AI_MESSAGES_SQL),
    ]
