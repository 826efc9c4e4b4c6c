DROP INDEX "client_permissions_name_trgm";--> statement-breakpoint
DROP INDEX "client_permissions_name_prefix";--> statement-breakpoint
DROP INDEX "client_permissions_path_trgm";--> statement-breakpoint
DROP INDEX "client_permissions_path_prefix";--> statement-breakpoint
DROP INDEX "client_permissions_menu_trgm";--> statement-breakpoint
DROP INDEX "client_permissions_menu_prefix";--> statement-breakpoint
DROP INDEX "experiences_title_trgm";--> statement-breakpoint
DROP INDEX "experiences_title_prefix";--> statement-breakpoint
DROP INDEX "experiences_description_trgm";--> statement-breakpoint
DROP INDEX "experiences_tags_trgm";--> statement-breakpoint
DROP INDEX "notifications_title_trgm";--> statement-breakpoint
DROP INDEX "notifications_title_prefix";--> statement-breakpoint
DROP INDEX "permissions_name_trgm";--> statement-breakpoint
DROP INDEX "permissions_name_prefix";--> statement-breakpoint
DROP INDEX "permissions_route_trgm";--> statement-breakpoint
DROP INDEX "permissions_route_prefix";--> statement-breakpoint
DROP INDEX "permissions_description_trgm";--> statement-breakpoint
DROP INDEX "permissions_description_prefix";--> statement-breakpoint
DROP INDEX "roles_name_trgm";--> statement-breakpoint
DROP INDEX "roles_name_prefix";--> statement-breakpoint
DROP INDEX "roles_type_trgm";--> statement-breakpoint
DROP INDEX "roles_type_prefix";--> statement-breakpoint
DROP INDEX "roles_description_trgm";--> statement-breakpoint
DROP INDEX "roles_description_prefix";--> statement-breakpoint
DROP INDEX "users_email_trgm";--> statement-breakpoint
DROP INDEX "users_email_prefix";--> statement-breakpoint
DROP INDEX "users_name_trgm";--> statement-breakpoint
DROP INDEX "users_name_prefix";--> statement-breakpoint
CREATE INDEX "client_permissions_name_trgm" ON "client_permissions" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_permissions_name_prefix" ON "client_permissions" USING btree (search_fold("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "client_permissions_path_trgm" ON "client_permissions" USING gin (search_fold("path") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_permissions_path_prefix" ON "client_permissions" USING btree (search_fold("path") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "client_permissions_menu_trgm" ON "client_permissions" USING gin (search_fold("menu") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_permissions_menu_prefix" ON "client_permissions" USING btree (search_fold("menu") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "experiences_title_trgm" ON "experiences" USING gin (search_fold("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "experiences_title_prefix" ON "experiences" USING btree (search_fold("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "experiences_description_trgm" ON "experiences" USING gin (search_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "experiences_tags_trgm" ON "experiences" USING gin (search_fold(tags_text("tags")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_title_trgm" ON "notifications" USING gin (search_fold("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_title_prefix" ON "notifications" USING btree (search_fold("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "permissions_name_trgm" ON "permissions" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permissions_name_prefix" ON "permissions" USING btree (search_fold("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "permissions_route_trgm" ON "permissions" USING gin (search_fold("route") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permissions_route_prefix" ON "permissions" USING btree (search_fold("route") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "permissions_description_trgm" ON "permissions" USING gin (search_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permissions_description_prefix" ON "permissions" USING btree (search_fold("description") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "roles_name_trgm" ON "roles" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_name_prefix" ON "roles" USING btree (search_fold("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "roles_type_trgm" ON "roles" USING gin (search_fold("type") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_type_prefix" ON "roles" USING btree (search_fold("type") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "roles_description_trgm" ON "roles" USING gin (search_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_description_prefix" ON "roles" USING btree (search_fold("description") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin (search_fold("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix" ON "users" USING btree (search_fold("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix" ON "users" USING btree (search_fold("name") text_pattern_ops);