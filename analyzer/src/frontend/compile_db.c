/* Read compile_commands.json into per-file clang flags. */
#include "compile_db.h"

#include "flag_translation.h"
#include "json_reader.h"
#include "json_writer.h"
#include "read_file.h"
#include "shell_words.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *resolve(const char *dir, const char *file)
{
	char real[PATH_MAX];
	char *joined = (file[0] == '/' || !dir) ? xstrdup(file) : xasprintf("%s/%s", dir, file);

	if (realpath(joined, real)) {
		free(joined);
		return xstrdup(real);
	}
	return joined;
}

int compile_db_load(const char *path, struct compile_db *db, char *err, size_t errlen)
{
	char *text = read_file(path, NULL);
	char jerr[256];
	struct json_value *root;

	memset(db, 0, sizeof(*db));
	if (!text) {
		snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	root = json_parse(text, jerr, sizeof(jerr));
	free(text);
	if (!root) {
		snprintf(err, errlen, "%s: invalid JSON: %s", path, jerr);
		return -1;
	}
	if (root->type != JSON_ARRAY) {
		snprintf(err, errlen, "%s: not a compile_commands.json (top level is not an array)", path);
		json_free(root);
		return -1;
	}
	for (size_t i = 0; i < root->len; i++) {
		const struct json_value *e = root->items[i];
		const struct json_value *dir = json_get(e, "directory");
		const struct json_value *file = json_get(e, "file");
		const struct json_value *cmd = json_get(e, "command");
		const struct json_value *args = json_get(e, "arguments");
		struct string_list words = { 0 };
		struct compile_entry *ce;
		const char *d;
		size_t flen;

		if (!file || file->type != JSON_STRING || (!cmd && !args)) {
			snprintf(err, errlen, "%s: entry %zu lacks \"file\" or \"command\"/\"arguments\"",
				 path, i + 1);
			json_free(root);
			compile_db_free(db);
			return -1;
		}
		flen = strlen(file->string);
		if (flen < 2 || strcmp(file->string + flen - 2, ".c") != 0)
			continue;
		if (cmd && cmd->type == JSON_STRING) {
			shell_split(cmd->string, &words);
		} else if (args && args->type == JSON_ARRAY) {
			for (size_t k = 0; k < args->len; k++)
				if (args->items[k]->type == JSON_STRING)
					string_list_push(&words, args->items[k]->string);
		}
		ce = compile_db_append(db);
		d = dir && dir->type == JSON_STRING ? dir->string : NULL;
		ce->file = resolve(d, file->string);
		ce->display = xstrdup(file->string[0] == '/' || !d ? file->string : ce->file);
		ce->directory = d ? xstrdup(d) : NULL;
		translate_gcc_flags(&words, d, 1, &ce->flags);
		ce->arguments = words;
	}
	json_free(root);
	return 0;
}

const struct compile_entry *compile_db_find(const struct compile_db *db, const char *file)
{
	char real[PATH_MAX];
	const char *key = realpath(file, real) ? real : file;

	for (size_t i = 0; i < db->len; i++)
		if (strcmp(db->entries[i].file, key) == 0)
			return &db->entries[i];
	return NULL;
}

struct compile_entry *compile_db_append(struct compile_db *db)
{
	struct compile_entry *ce;

	if (db->len == db->cap) {
		db->cap = db->cap ? db->cap * 2 : 64;
		db->entries = xrealloc(db->entries, db->cap * sizeof(*db->entries));
	}
	ce = &db->entries[db->len++];
	memset(ce, 0, sizeof(*ce));
	return ce;
}

static int entry_order(const void *a, const void *b)
{
	return strcmp(((const struct compile_entry *)a)->file,
		      ((const struct compile_entry *)b)->file);
}

void compile_db_sort(struct compile_db *db)
{
	if (db->len > 1)
		qsort(db->entries, db->len, sizeof(*db->entries), entry_order);
}

void compile_db_write_json(const struct compile_db *db, FILE *out)
{
	fputs("[", out);
	for (size_t i = 0; i < db->len; i++) {
		const struct compile_entry *ce = &db->entries[i];

		fputs(i ? ",\n {" : "\n {", out);
		if (ce->directory) {
			fputs("\"directory\": ", out);
			json_write_string(out, ce->directory);
			fputs(", ", out);
		}
		fputs("\"file\": ", out);
		json_write_string(out, ce->file);
		fputs(",\n  \"arguments\": [", out);
		for (size_t k = 0; k < ce->arguments.len; k++) {
			if (k)
				fputs(", ", out);
			json_write_string(out, ce->arguments.items[k]);
		}
		fputs("]}", out);
	}
	fputs("\n]\n", out);
}

void compile_db_free(struct compile_db *db)
{
	for (size_t i = 0; i < db->len; i++) {
		free(db->entries[i].file);
		free(db->entries[i].display);
		free(db->entries[i].directory);
		string_list_free(&db->entries[i].arguments);
		string_list_free(&db->entries[i].flags);
	}
	free(db->entries);
	memset(db, 0, sizeof(*db));
}
