/* compile_commands.json: the files to analyse and their clang flags. */
#ifndef GENDISK_LINT_COMPILE_DB_H
#define GENDISK_LINT_COMPILE_DB_H

#include "string_list.h"

#include <stdio.h>

struct compile_entry {
	char *file;          /* as written in the database (absolute after resolving) */
	char *display;       /* path to print */
	char *directory;     /* where the compiler ran (NULL: not given) */
	struct string_list arguments; /* the compile command as words */
	struct string_list flags; /* translated clang flags */
};

struct compile_db {
	struct compile_entry *entries;
	size_t len;
	size_t cap;
};

/* Reads a kbuild-style compile_commands.json ("command" or "arguments",
 * "directory", "file").  Only C files are kept.  Returns 0, or -1 with a
 * message naming the file in err. */
int compile_db_load(const char *path, struct compile_db *db, char *err, size_t errlen);
/* The entry for FILE (compared by real path), or NULL. */
const struct compile_entry *compile_db_find(const struct compile_db *db, const char *file);
/* A new zeroed entry at the end of db (filled in by the caller). */
struct compile_entry *compile_db_append(struct compile_db *db);
/* Orders the entries by file, for output that does not depend on the
 * order a directory was read in. */
void compile_db_sort(struct compile_db *db);
/* Writes db as a compile_commands.json ("directory", "file" and
 * "arguments" of each entry; the file as resolved). */
void compile_db_write_json(const struct compile_db *db, FILE *out);
void compile_db_free(struct compile_db *db);

#endif
