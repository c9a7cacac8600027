/* A kbuild directory's Kbuild or Makefile, read as text: its assignments and their words. */
#include "kbuild_makefile.h"

#include "read_file.h"
#include "string_list.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

char *kbuild_makefile_text(const char *dir)
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

void kbuild_makefile_assignments(const char *text,
				 void (*fn)(const char *name, size_t n, const char *value,
					    void *ctx),
				 void *ctx)
{
	for (const char *l = text; l && *l;) {
		const char *p = l + strspn(l, " \t"), *name = p, *eq;

		while (*p && !isspace((unsigned char)*p) && !strchr(":+?=", *p))
			p++;
		eq = p + strspn(p, " \t");
		if (p > name && (eq[0] == '=' || (eq[0] && strchr(":+?", eq[0]) && eq[1] == '=')))
			fn(name, (size_t)(p - name), eq + (eq[0] == '=' ? 1 : 2), ctx);
		/* to the next logical line */
		while (*l && !(*l == '\n' && (l == text || l[-1] != '\\')))
			l++;
		if (*l)
			l++;
	}
}

char *kbuild_value_word(const char **pp)
{
	const char *p = *pp, *w;

	for (;;) {
		if (*p == '\\' && p[1] == '\n')
			p += 2;
		else if (*p == ' ' || *p == '\t')
			p++;
		else
			break;
	}
	if (!*p || *p == '\n' || *p == '#') {
		*pp = p;
		return NULL;
	}
	w = p;
	while (*p && !isspace((unsigned char)*p) && !(*p == '\\' && p[1] == '\n'))
		p++;
	*pp = p;
	return xstrndup(w, (size_t)(p - w));
}
