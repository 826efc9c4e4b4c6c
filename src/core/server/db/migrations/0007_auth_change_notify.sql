-- Servers cache session + RBAC answers and drop them when this channel speaks.
-- Every table the check reads notifies on change, whoever makes it (another
-- server process, psql). A new session cannot change a cached answer, so
-- inserts into sessions stay quiet (every sign-in would empty every cache).
CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER roles_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER roles_permission_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles_permission FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER permissions_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permissions FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
