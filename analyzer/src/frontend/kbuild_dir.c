/* Turn the .*.o.cmd files of a kbuild build into compile database entries. */
#include "kbuild_dir.h"

#include "flag_translation.h"
#include "kbuild_cmd.h"
#include "shell_words.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct walk {
	const char *root;  /* real path of DIR */
	const char *kdir;  /* real path of the kernel dir, or NULL */
	struct compile_db *db;
	size_t added;
	char *err;
	size_t errlen;
};

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int is_object_cmd_file(const char *name)
{
	return name[0] == '.' && ends_with(name, ".o.cmd");
}

/* Where the compiler ran: see kbuild_dir.h. */
static char *command_dir(const struct walk *w, const char *cmd_dir, const char *target)
{
	const char *slash = strrchr(target, '/');
	size_t tlen, dlen;

	if (target[0] == '/')
		return w->kdir ? xstrdup(w->kdir) : NULL;
	if (!slash)
		return xstrdup(cmd_dir);
	tlen = (size_t)(slash - target);
	dlen = strlen(cmd_dir);
	if (dlen > tlen && cmd_dir[dlen - tlen - 1] == '/' &&
	    strncmp(cmd_dir + dlen - tlen, target, tlen) == 0)
		return xstrndup(cmd_dir, dlen - tlen - 1);
	return xstrdup(cmd_dir);
}

/* The C file a command compiles: its source_ line, else its last .c word. */
static const char *compiled_source(const struct kbuild_cmd *cmd, const struct string_list *words)
{
	if (cmd->source)
		return cmd->source;
	for (size_t i = words->len; i-- > 0;)
		if (ends_with(words->items[i], ".c"))
			return words->items[i];
	return NULL;
}

static int under_root(const struct walk *w, const char *path)
{
	size_t n = strlen(w->root);

	return strncmp(path, w->root, n) == 0 && path[n] == '/';
}

static int add_cmd_file(struct walk *w, const char *cmd_dir, const char *path)
{
	struct kbuild_cmd cmd;
	struct string_list words = { 0 };
	const char *source;
	char *base = NULL, *joined = NULL;
	char real[PATH_MAX];
	struct compile_entry *ce;
	int rc = 0;

	if (kbuild_cmd_read(path, &cmd) != 0)
		return 0; /* not a compile command kbuild saved: nothing to add */
	shell_split(cmd.command, &words);
	source = compiled_source(&cmd, &words);
	if (!source || !ends_with(source, ".c") || ends_with(source, ".mod.c"))
		goto out;
	base = command_dir(w, cmd_dir, cmd.target);
	if (!base) {
		snprintf(w->err, w->errlen,
			 "%s: an M= module build (absolute paths): --kdir must name the kernel it was built against",
			 path);
		rc = -1;
		goto out;
	}
	joined = source[0] == '/' ? xstrdup(source) : xasprintf("%s/%s", base, source);
	if (!realpath(joined, real) || !under_root(w, real))
		goto out;
	ce = compile_db_append(w->db);
	ce->file = xstrdup(real);
	ce->display = xstrdup(real);
	ce->directory = base;
	base = NULL;
	translate_gcc_flags(&words, ce->directory, 1, &ce->flags);
	ce->arguments = words;
	words = (struct string_list){ 0 };
	w->added++;
out:
	free(joined);
	free(base);
	string_list_free(&words);
	kbuild_cmd_free(&cmd);
	return rc;
}

static int walk_dir(struct walk *w, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int rc = 0;

	if (!d) {
		snprintf(w->err, w->errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	while (rc == 0 && (e = readdir(d)) != NULL) {
		struct stat st;
		char *p;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    strcmp(e->d_name, ".git") == 0 || strcmp(e->d_name, ".tmp_versions") == 0)
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		if (lstat(p, &st) != 0)
			; /* gone since readdir(): nothing to read */
		else if (S_ISDIR(st.st_mode))
			rc = walk_dir(w, p);
		else if (S_ISREG(st.st_mode) && is_object_cmd_file(e->d_name))
			rc = add_cmd_file(w, dir, p);
		free(p);
	}
	closedir(d);
	return rc;
}

int kbuild_dir_load(const char *dir, const char *kdir, struct compile_db *db, char *err,
		    size_t errlen)
{
	char root[PATH_MAX], kreal[PATH_MAX];
	struct walk w = { .root = root, .db = db, .err = err, .errlen = errlen };

	if (!realpath(dir, root)) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	if (kdir && realpath(kdir, kreal))
		w.kdir = kreal;
	if (walk_dir(&w, root) != 0)
		return -1;
	if (w.added == 0) {
		snprintf(err, errlen,
			 "%s: no compiled C file (no .NAME.o.cmd of a .c file below it: build it first)",
			 dir);
		return -1;
	}
	compile_db_sort(db);
	return 0;
}
