/* The other source files of a file's module, from its directory's kbuild makefile. */
#include "module_sources.h"

#include "read_file.h"
#include "string_list.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Variables named like NAME-y that are not composite modules. */
static const char *const not_modules[] = {
	"obj", "lib", "subdir", "always", "extra", "targets", "hostprogs", "userprogs",
	"ccflags", "asflags", "ldflags", "subdir-ccflags", "clean-files", "header-test",
	NULL,
};

static int is_module_name(const char *name, size_t len)
{
	for (size_t i = 0; not_modules[i]; i++)
		if (strlen(not_modules[i]) == len && !strncmp(not_modules[i], name, len))
			return 0;
	return len > 0;
}

/* The makefile's text with "\\\n" continuations joined and comments cut. */
static char *logical_text(const char *dir)
{
	static const char *const names[] = { "Kbuild", "Makefile", NULL };

	for (size_t i = 0; names[i]; i++) {
		char *path = xasprintf("%s/%s", dir, names[i]);
		char *text = read_file(path, NULL);
		char *w, *r;
		int comment = 0;

		free(path);
		if (!text)
			continue;
		for (r = w = text; *r; r++) {
			if (r[0] == '\\' && r[1] == '\n') {
				r++;
				*w++ = ' ';
				continue;
			}
			if (*r == '#')
				comment = 1;
			if (*r == '\n')
				comment = 0;
			if (!comment)
				*w++ = *r;
		}
		*w = '\0';
		return text;
	}
	return NULL;
}

/*
 * One assignment "NAME-SUFFIX [+:]= words": the module name (NAME, when
 * SUFFIX is y, m, objs or $(...)) and the words; 0 if the line is not one.
 */
static int composite_line(const char *line, const char **name, size_t *name_len,
			  const char **words)
{
	const char *p = line, *op, *dash = NULL;

	while (*p == ' ' || *p == '\t')
		p++;
	op = strchr(p, '=');
	if (!op || op == p)
		return 0;
	for (const char *q = p; q < op; q++)
		if (*q == '-')
			dash = q;
	if (!dash)
		return 0;
	/* the suffix: y, m, objs, or $(CONFIG_...) */
	{
		const char *s = dash + 1, *e = op;

		if (e > s && (e[-1] == '+' || e[-1] == ':' || e[-1] == '?'))
			e--;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if (!((e - s == 1 && (*s == 'y' || *s == 'm')) ||
		      (e - s == 4 && !strncmp(s, "objs", 4)) ||
		      (e - s > 3 && s[0] == '$' && s[1] == '(' && e[-1] == ')')))
			return 0;
	}
	for (const char *q = p; q < dash; q++)
		if (!(isalnum((unsigned char)*q) || *q == '_' || *q == '-'))
			return 0;
	*name = p;
	*name_len = (size_t)(dash - p);
	*words = op + 1;
	return is_module_name(p, *name_len);
}

/* Adds the stem of each "x.o" word of words (up to the end of the line) to out. */
static void each_object(const char *words, struct string_list *out)
{
	const char *p = words;

	while (*p && *p != '\n') {
		const char *s;

		while (*p == ' ' || *p == '\t')
			p++;
		s = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n')
			p++;
		if (p - s > 2 && p[-2] == '.' && p[-1] == 'o')
			string_list_push_owned(out, xstrndup(s, (size_t)(p - s - 2)));
	}
}

static const char *next_line(const char *line)
{
	const char *nl = strchr(line, '\n');

	return nl && nl[1] ? nl + 1 : NULL;
}

unsigned module_sibling_sources(const char *path, struct string_list *out)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
	const char *base = slash ? slash + 1 : path;
	size_t stem_len = strlen(base) > 2 && !strcmp(base + strlen(base) - 2, ".c") ?
			  strlen(base) - 2 : 0;
	struct string_list modules = { 0 }, objects = { 0 };
	char *text;
	unsigned n = 0;

	if (!stem_len || !(text = logical_text(dir))) {
		free(dir);
		return 0;
	}
	/* pass 0: the composite modules whose lists name this file's object;
	 * pass 1: every object of those modules */
	for (int pass = 0; pass < 2; pass++) {
		for (const char *line = text; line; line = next_line(line)) {
			const char *name, *words;
			size_t name_len;
			struct string_list objs = { 0 };
			char *module;

			if (!composite_line(line, &name, &name_len, &words))
				continue;
			module = xstrndup(name, name_len);
			each_object(words, &objs);
			for (size_t i = 0; i < objs.len; i++) {
				if (pass == 0 && strlen(objs.items[i]) == stem_len &&
				    !strncmp(objs.items[i], base, stem_len) &&
				    !string_list_contains(&modules, module))
					string_list_push(&modules, module);
				if (pass == 1 && string_list_contains(&modules, module) &&
				    !string_list_contains(&objects, objs.items[i]))
					string_list_push(&objects, objs.items[i]);
			}
			string_list_free(&objs);
			free(module);
		}
	}
	for (size_t i = 0; i < objects.len; i++) {
		char *c;

		if (strlen(objects.items[i]) == stem_len &&
		    !strncmp(objects.items[i], base, stem_len))
			continue;
		c = xasprintf("%s/%s.c", dir, objects.items[i]);
		if (access(c, R_OK) == 0 && !string_list_contains(out, c)) {
			string_list_push_owned(out, c);
			n++;
		} else {
			free(c);
		}
	}
	string_list_free(&modules);
	string_list_free(&objects);
	free(text);
	free(dir);
	return n;
}

int module_sources_known(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
	const char *base = slash ? slash + 1 : path;
	size_t stem_len = strlen(base) > 2 && !strcmp(base + strlen(base) - 2, ".c") ?
			  strlen(base) - 2 : 0;
	char *text = logical_text(dir);
	int known = 1;

	if (text && stem_len) {
		char *stem = xstrndup(base, stem_len);

		known = 0;
		for (const char *p = strstr(text, stem); p && !known; p = strstr(p + 1, stem)) {
			const char *q = p + stem_len;

			/* the word foo.o, not xfoo.o */
			known = q[0] == '.' && q[1] == 'o' &&
				!(isalnum((unsigned char)q[2]) || q[2] == '_') &&
				(p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' ||
						p[-1] == '-'));
		}
		free(stem);
	}
	free(text);
	free(dir);
	return known;
}
