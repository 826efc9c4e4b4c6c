CREATE INDEX "client_permissions_name_prefix" ON "client_permissions" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "client_permissions_path_prefix" ON "client_permissions" USING btree (lower("path") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "client_permissions_menu_prefix" ON "client_permissions" USING btree (lower("menu") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "experiences_title_prefix" ON "experiences" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "notifications_title_prefix" ON "notifications" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "permissions_name_prefix" ON "permissions" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "permissions_route_prefix" ON "permissions" USING btree (lower("route") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "permissions_description_prefix" ON "permissions" USING btree (lower("description") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "roles_name_prefix" ON "roles" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "roles_type_prefix" ON "roles" USING btree (lower("type") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "roles_description_prefix" ON "roles" USING btree (lower("description") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix" ON "users" USING btree (lower("name") text_pattern_ops);