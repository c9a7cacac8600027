/* The -I dirs a kernel tree directory's Makefile gives its files (ccflags-y and kin). */
#include "dir_ccflags.h"

#include "kbuild_makefile.h"
#include "read_file.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Does the assignment's name (the text before := += ?= =) give dir's files flags? */
static int flag_variable(const char *name, size_t n, int own_dir)
{
	if (n >= 16 && strncmp(name, "subdir-ccflags-", 15) == 0)
		return 1;
	if (!own_dir)
		return 0;
	return (n >= 9 && strncmp(name, "ccflags-", 8) == 0) ||
	       (n == 12 && strncmp(name, "EXTRA_CFLAGS", 12) == 0) ||
	       (n > 9 && strncmp(name, "CFLAGS_", 7) == 0 && strncmp(name + n - 2, ".o", 2) == 0);
}

/* word with $(srctree), $(src), $(obj) replaced (owned), or NULL when it
 * names another variable. */
static char *expand(const char *word, const char *root, const char *dir)
{
	char *out = xstrdup("");

	while (*word) {
		const char *val = NULL;
		size_t skip = 0;
		char *next;

		if (strncmp(word, "$(srctree)/$(src)", 17) == 0)
			val = dir, skip = 17;
		else if (strncmp(word, "$(srctree)", 10) == 0)
			val = root, skip = 10;
		else if (strncmp(word, "$(src)", 6) == 0 || strncmp(word, "$(obj)", 6) == 0)
			val = dir, skip = 6;
		else if (*word == '$') {
			free(out);
			return NULL;
		}
		if (val)
			next = xasprintf("%s%s", out, val);
		else
			next = xasprintf("%s%c", out, *word), skip = 1;
		free(out);
		out = next;
		word += skip;
	}
	return out;
}

static void add_dir(const char *root, const char *dir, const char *word, struct string_list *out)
{
	char *d = expand(word, root, dir), *abs;
	struct stat st;

	if (!d)
		return;
	abs = d[0] == '/' ? xstrdup(d) : xasprintf("%s/%s", root, d);
	if (stat(abs, &st) == 0 && S_ISDIR(st.st_mode) && !string_list_contains(out, abs)) {
		string_list_push(out, "-I");
		string_list_push(out, abs);
	}
	free(abs);
	free(d);
}

/* The -I words of the value (up to the end of the logical line) at p. */
static void scan_value(const char *root, const char *dir, const char *p, struct string_list *out)
{
	char *word;

	while ((word = kbuild_value_word(&p)) != NULL) {
		if (strncmp(word, "-I", 2) == 0 && word[2]) {
			add_dir(root, dir, word + 2, out);
		} else if (strcmp(word, "-I") == 0) {
			char *next = kbuild_value_word(&p);

			if (next)
				add_dir(root, dir, next, out);
			free(next);
		}
		free(word);
	}
}

/* Does text name an object of the subdirectory rel ("rel/NAME.o"): one this
 * Makefile builds itself, with its own ccflags-y? */
static int builds_objects_of(const char *text, const char *rel)
{
	size_t n = strlen(rel);

	for (const char *p = text; p && (p = strstr(p, rel)) != NULL; p += n) {
		const char *q = p + n;

		if ((p != text && !isspace((unsigned char)p[-1]) && p[-1] != '=') || *q != '/')
			continue;
		q++;
		q += strspn(q, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-");
		if (q[0] == '.' && q[1] == 'o' && (isspace((unsigned char)q[2]) || !q[2]))
			return 1;
	}
	return 0;
}

struct scan {
	const char *root, *dir;
	int own_dir;
	struct string_list *out;
};

static void scan_assignment(const char *name, size_t n, const char *value, void *ctx)
{
	struct scan *sc = ctx;

	if (flag_variable(name, n, sc->own_dir))
		scan_value(sc->root, sc->dir, value, sc->out);
}

/* rel: dir's path below this one (an ancestor), or NULL for dir itself. */
static void scan_makefile(const char *root, const char *dir, const char *rel,
			  struct string_list *out)
{
	char *text = kbuild_makefile_text(dir);
	struct scan sc = { root, dir, !rel || (text && builds_objects_of(text, rel)), out };

	kbuild_makefile_assignments(text, scan_assignment, &sc);
	free(text);
}

void dir_ccflags_includes(const char *root, const char *dir, struct string_list *out)
{
	size_t rl = strlen(root);
	char *d = xstrdup(dir), *slash;
	const char *rel = NULL;

	if (strncmp(dir, root, rl) != 0 || (dir[rl] != '/' && dir[rl] != '\0')) {
		free(d);
		return;
	}
	for (;;) {
		scan_makefile(root, d, rel, out);
		if (strlen(d) <= rl)
			break;
		slash = strrchr(d, '/');
		if (!slash || (size_t)(slash - d) < rl)
			break;
		*slash = '\0';
		rel = dir + (slash - d) + 1;
	}
	free(d);
}
