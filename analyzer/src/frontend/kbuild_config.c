/* Does a kernel tree's configuration build a file?  Read from its Kbuild files and .config. */
#include "kbuild_config.h"

#include "kbuild_makefile.h"
#include "read_file.h"
#include "string_list.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 8 /* composite objects of composite objects */

struct kbuild_config {
	char *root;
	char *arch;              /* "x86", or NULL */
	struct string_list set;  /* the options set to y or m, "CONFIG_FOO" */
};

static char *only_subdir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char *name = NULL;
	int n = 0;

	if (!d)
		return NULL;
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.' && n++ == 0)
			name = xstrdup(e->d_name);
	closedir(d);
	if (n != 1) {
		free(name);
		return NULL;
	}
	return name;
}

struct kbuild_config *kbuild_config_load(const char *root, const char *objdir)
{
	char *p = xasprintf("%s/include/config/auto.conf", objdir);
	char *text = read_file(p, NULL);
	struct kbuild_config *c;

	free(p);
	if (!text) {
		p = xasprintf("%s/.config", objdir);
		text = read_file(p, NULL);
		free(p);
	}
	if (!text)
		return NULL;
	c = xcalloc(1, sizeof(*c));
	c->root = xstrdup(root);
	p = xasprintf("%s/arch", objdir);
	c->arch = only_subdir(p);
	free(p);
	for (char *l = text; *l;) {
		char *nl = strchr(l, '\n'), *eq;

		if (nl)
			*nl = '\0';
		eq = strchr(l, '=');
		if (strncmp(l, "CONFIG_", 7) == 0 && eq && (!strcmp(eq + 1, "y") || !strcmp(eq + 1, "m"))) {
			*eq = '\0';
			string_list_push(&c->set, l);
		}
		if (!nl)
			break;
		l = nl + 1;
	}
	free(text);
	return c;
}

void kbuild_config_free(struct kbuild_config *c)
{
	if (!c)
		return;
	free(c->root);
	free(c->arch);
	string_list_free(&c->set);
	free(c);
}

/* The condition of a list's name ("obj-$(CONFIG_FOO)", "foo-y", "foo-objs"):
 * 1 on, 0 off (*off_option: the unset option, owned), -1 cannot tell.
 * *stem_len: the length of the name before the condition's '-'. */
static int list_condition(const struct kbuild_config *c, const char *name, size_t n,
			  size_t *stem_len, char **off_option)
{
	const char *dash = NULL;
	int depth = 0;

	for (size_t i = 0; i < n; i++) { /* the last '-' outside $(...) */
		depth += name[i] == '(';
		depth -= name[i] == ')' && depth > 0;
		if (name[i] == '-' && depth == 0)
			dash = &name[i];
	}
	if (!dash)
		return -1;
	*stem_len = (size_t)(dash - name);
	dash++;
	n -= (size_t)(dash - name);
	if ((n == 1 && (*dash == 'y' || *dash == 'm')) || (n == 4 && !strncmp(dash, "objs", 4)))
		return 1;
	if (n > 10 && !strncmp(dash, "$(CONFIG_", 9) && dash[n - 1] == ')') {
		char *opt = xstrndup(dash + 2, n - 3);

		if (string_list_contains(&c->set, opt)) {
			free(opt);
			return 1;
		}
		*off_option = opt;
		return 0;
	}
	return -1;
}

struct mention {
	const struct kbuild_config *c;
	const char *word;        /* "amiflop.o" or "block/" */
	int on, off, unknown;
	char *off_option;        /* "CONFIG_FOO" of the first condition found off */
	char *off_why;           /* or why a composite object it is part of is not built */
	struct string_list composites; /* "dasd_mod" of dasd_mod-objs += dasd.o */
};

static void find_mention(const char *name, size_t n, const char *value, void *ctx)
{
	struct mention *m = ctx;
	char *w, *off = NULL;
	size_t stem = 0;
	int named = 0, cond;

	while ((w = kbuild_value_word(&value)) != NULL) {
		named |= strcmp(w, m->word) == 0;
		free(w);
	}
	if (!named)
		return;
	cond = list_condition(m->c, name, n, &stem, &off);
	if (cond > 0 && !(stem == 3 && !strncmp(name, "obj", 3)) &&
	    !(stem == 3 && !strncmp(name, "lib", 3)) && !(stem == 6 && !strncmp(name, "subdir", 6))) {
		char *comp = xstrndup(name, stem);

		if (!string_list_contains(&m->composites, comp))
			string_list_push(&m->composites, comp);
		free(comp);
		return;
	}
	if (cond > 0)
		m->on = 1;
	else if (cond == 0 && !m->off_option)
		m->off = 1, m->off_option = off, off = NULL;
	else if (cond == 0)
		m->off = 1;
	else
		m->unknown = 1;
	free(off);
}

/* Is word ("NAME.o", "SUB/") built by dir's Kbuild file? As kbuild_config_builds. */
static int named_in(struct kbuild_config *c, const char *dir, const char *word, int depth,
		    char **why)
{
	char *text = kbuild_makefile_text(dir);
	struct mention m = { c, word, 0, 0, 0, NULL, NULL, { 0 } };
	int r;

	kbuild_makefile_assignments(text, find_mention, &m);
	free(text);
	for (size_t i = 0; !m.on && depth < MAX_DEPTH && i < m.composites.len; i++) {
		char *obj = xasprintf("%s.o", m.composites.items[i]), *w = NULL;
		int cr = named_in(c, dir, obj, depth + 1, &w);

		free(obj);
		if (cr > 0)
			m.on = 1;
		else if (cr < 0)
			m.unknown = 1;
		else if (!m.off_why)
			m.off = 1, m.off_why = w, w = NULL;
		free(w);
	}
	string_list_free(&m.composites);
	r = m.on ? 1 : m.unknown || !m.off ? -1 : 0;
	if (r == 0 && m.off_option)
		*why = xasprintf("%s is not set", m.off_option);
	else if (r == 0 && m.off_why)
		*why = m.off_why, m.off_why = NULL;
	free(m.off_option);
	free(m.off_why);
	return r;
}

/*
 * Is word (an object "NAME.o" or a directory "SUB/") of dir built?  Asked
 * of dir's Kbuild file, else of the nearest directory above it that names
 * it by its path from there ("block/aoe/" in drivers/Makefile): *at is
 * the directory that named it (owned), NULL with -1.
 */
static int named_up(struct kbuild_config *c, const char *dir, const char *word, char **at,
		    char **why)
{
	size_t rl = strlen(c->root);
	char *a = xstrdup(dir), *slash;

	for (;;) {
		size_t al = strlen(a);
		char *w = dir[al] ? xasprintf("%s/%s", dir + al + 1, word) : xstrdup(word);
		int r = named_in(c, a, w, 0, why);

		free(w);
		if (r >= 0) {
			*at = a;
			return r;
		}
		slash = strrchr(a, '/');
		if (!slash || (size_t)(slash - a) <= rl)
			break;
		*slash = '\0';
	}
	free(a);
	*at = NULL;
	return -1;
}

int kbuild_config_builds(struct kbuild_config *c, const char *file, char **why)
{
	size_t rl = strlen(c->root);
	const char *rel = file + rl, *base, *dot;
	char *dir, *obj, *at = NULL, *slash;
	int r;

	*why = NULL;
	if (strncmp(file, c->root, rl) != 0 || *rel != '/')
		return -1;
	rel++;
	if (c->arch && strncmp(rel, "arch/", 5) == 0) {
		const char *a = rel + 5, *e = strchr(a, '/');

		if (e && ((size_t)(e - a) != strlen(c->arch) || strncmp(a, c->arch, (size_t)(e - a)))) {
			*why = xasprintf("arch/%.*s is not the configured architecture (%s)",
					 (int)(e - a), a, c->arch);
			return 0;
		}
	}
	base = strrchr(file, '/') + 1;
	dot = strrchr(base, '.');
	if (!dot || strcmp(dot, ".c") != 0)
		return -1;
	dir = xstrndup(file, (size_t)(base - 1 - file));
	obj = xasprintf("%.*s.o", (int)(dot - base), base);
	r = named_up(c, dir, obj, &at, why);
	free(obj);
	free(dir);
	/* then the directory that named it must be named above it, up to a top-level one */
	while (r > 0 && (slash = strrchr(at, '/')) != NULL && (size_t)(slash - at) > rl) {
		char *sub = xasprintf("%s/", slash + 1), *parent = xstrndup(at, (size_t)(slash - at));

		free(at);
		r = named_up(c, parent, sub, &at, why);
		free(sub);
		free(parent);
	}
	free(at);
	return r;
}
