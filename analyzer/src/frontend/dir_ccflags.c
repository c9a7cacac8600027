/* The -I dirs a kernel tree directory's Makefile gives its files (ccflags-y and kin). */
#include "dir_ccflags.h"

#include "read_file.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char *makefile_text(const char *dir)
{
	char *p = xasprintf("%s/Kbuild", dir);
	char *text = read_file(p, NULL);

	free(p);
	if (!text) {
		p = xasprintf("%s/Makefile", dir);
		text = read_file(p, NULL);
		free(p);
	}
	return text;
}

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
	while (*p && *p != '\n' && *p != '#') {
		const char *w;
		char *word;

		if (*p == '\\' && p[1] == '\n') {
			p += 2;
			continue;
		}
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		w = p;
		while (*p && !isspace((unsigned char)*p) && !(*p == '\\' && p[1] == '\n'))
			p++;
		word = xstrndup(w, (size_t)(p - w));
		if (strncmp(word, "-I", 2) == 0 && word[2]) {
			add_dir(root, dir, word + 2, out);
		} else if (strcmp(word, "-I") == 0) {
			while (*p == ' ' || *p == '\t' || (*p == '\\' && p[1] == '\n'))
				p += *p == '\\' ? 2 : 1;
			w = p;
			while (*p && !isspace((unsigned char)*p))
				p++;
			free(word);
			word = xstrndup(w, (size_t)(p - w));
			add_dir(root, dir, word, out);
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

/* rel: dir's path below this one (an ancestor), or NULL for dir itself. */
static void scan_makefile(const char *root, const char *dir, const char *rel,
			  struct string_list *out)
{
	char *text = makefile_text(dir);
	int own_dir = !rel || (text && builds_objects_of(text, rel));

	for (const char *l = text; l && *l;) {
		const char *p = l + strspn(l, " \t"), *name = p, *eq;

		while (*p && !isspace((unsigned char)*p) && !strchr(":+?=", *p))
			p++;
		eq = p + strspn(p, " \t");
		if (eq[0] == '=' || (strchr(":+?", eq[0]) && eq[0] && eq[1] == '=')) {
			if (flag_variable(name, (size_t)(p - name), own_dir))
				scan_value(root, dir, eq + (eq[0] == '=' ? 1 : 2), out);
		}
		/* to the next logical line */
		while (*l && !(*l == '\n' && (l == text || l[-1] != '\\')))
			l++;
		if (*l)
			l++;
	}
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
