/* The driver's own headers: quoted includes that resolve outside the kernel's header dirs. */
#include "local_headers.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int local_include_dir(const char *dir)
{
	for (const char *p = dir; (p = strstr(p, "include")) != NULL; p += 7)
		if ((p == dir || p[-1] == '/') && (p[7] == '\0' || p[7] == '/'))
			return 0;
	return 1;
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

static char *try_dir(const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s", dir, name);

	if (access(p, R_OK) == 0)
		return p;
	free(p);
	return NULL;
}

/* -I dir, -Idir, -iquote dir, -iquotedir: the dir, or NULL. */
static const char *include_dir_flag(const struct string_list *l, size_t *i)
{
	const char *f = l->items[*i];

	if (!f)
		return NULL;
	if ((strcmp(f, "-I") == 0 || strcmp(f, "-iquote") == 0) && *i + 1 < l->len)
		return l->items[++*i];
	if (strncmp(f, "-iquote", 7) == 0 && f[7])
		return f + 7;
	if (strncmp(f, "-I", 2) == 0 && f[2])
		return f + 2;
	return NULL;
}

static char *search_flags(const struct string_list *l, const char *name)
{
	for (size_t i = 0; l && i < l->len; i++) {
		const char *dir = include_dir_flag(l, &i);
		char *found;

		if (dir && local_include_dir(dir) && (found = try_dir(dir, name)) != NULL)
			return found;
	}
	return NULL;
}

char *local_header_resolve(const char *includer, const char *main_file, const char *name,
			   const struct string_list *flags, const struct string_list *extra)
{
	char *dir, *found;

	if (name[0] == '/')
		return access(name, R_OK) == 0 && local_include_dir(name) ? xstrdup(name) : NULL;
	dir = dir_of(includer);
	found = local_include_dir(dir) ? try_dir(dir, name) : NULL;
	free(dir);
	if (!found && main_file) {
		dir = dir_of(main_file);
		found = try_dir(dir, name);
		free(dir);
	}
	if (!found)
		found = search_flags(flags, name);
	if (!found)
		found = search_flags(extra, name);
	return found;
}

char *local_header_next_include(const char **pos)
{
	const char *p = *pos;

	if (!p)
		return NULL;
	while (*p) {
		const char *q = p + strspn(p, " \t"), *name, *end;

		if (*q == '#') {
			q += 1 + strspn(q + 1, " \t");
			if (strncmp(q, "include", 7) == 0) {
				q += 7 + strspn(q + 7, " \t");
				name = q + 1;
				end = *q == '"' ? strpbrk(name, "\"\n") : NULL;
				if (end && *end == '"') {
					const char *nl = strchr(end, '\n');

					*pos = nl ? nl + 1 : end + strlen(end);
					return xstrndup(name, (size_t)(end - name));
				}
			}
		}
		p = strchr(p, '\n');
		if (!p)
			break;
		p++;
	}
	*pos = p ? p : *pos + strlen(*pos);
	return NULL;
}
