/*
 * Unified diffs (git diff, git format-patch, plain diff -u): files, hunks,
 * and per file the lines of the new version the patch adds and the points
 * where it removes lines.
 */
#ifndef GENDISK_LINT_UNIFIED_DIFF_H
#define GENDISK_LINT_UNIFIED_DIFF_H

#include <stddef.h>

struct diff_line {
	char kind;          /* ' ' context, '+' added, '-' removed */
	char *text;         /* without the marker and the line end */
	int no_newline;     /* followed by "\ No newline at end of file" */
	unsigned old_line;  /* 1-based in the old file ('-' and ' ') */
	unsigned new_line;  /* 1-based in the new file ('+' and ' '); for '-'
			     * the new line the removal sits before */
};

struct diff_hunk {
	unsigned old_start, old_count, new_start, new_count;
	char *header;       /* the whole "@@ ... @@ context" line */
	struct diff_line *lines;
	size_t nlines;
};

struct diff_file {
	char *old_path;     /* after stripping; NULL for /dev/null (a new file) */
	char *new_path;     /* after stripping; NULL for /dev/null (a deleted file) */
	char *raw_old, *raw_new; /* as written, before stripping */
	int raw_old_prefixed, raw_new_prefixed; /* raw paths carry a/ b/-style prefixes */
	int is_rename, is_binary;
	char **header;      /* the patch's lines introducing this file (for quoting) */
	size_t nheader;
	struct diff_hunk *hunks;
	size_t nhunks;
};

struct patch {
	struct diff_file *files;
	size_t nfiles;
	int git_style;      /* "diff --git" headers or a/ b/ prefixes */
};

/* 0, or -1 with a message in err (no file in it, malformed hunk). */
int patch_parse(const char *text, size_t len, struct patch *out, char *err, size_t errlen);
/*
 * Sets old_path/new_path by removing `strip` leading components from the
 * prefixed raw paths (like patch -pN); 0, or -1 if a path has fewer.
 */
int patch_strip(struct patch *p, int strip, char *err, size_t errlen);
void patch_free(struct patch *p);

/* The new file's line n was added or changed by the file's hunks. */
int diff_file_line_changed(const struct diff_file *f, unsigned n);
/* The old file's number of the new file's line n; 0 if the patch added it. */
unsigned diff_file_old_line(const struct diff_file *f, unsigned n);

#endif
