/* A growable list of owned C strings, and the allocation wrappers it needs. */
#include "string_list.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(void)
{
	fputs("gendisk-lint: out of memory\n", stderr);
	exit(2);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		out_of_memory();
	return q;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p = NULL;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (n < 0 || !p)
		out_of_memory();
	return p;
}

void string_list_push_owned(struct string_list *list, char *s)
{
	if (list->len == list->cap) {
		list->cap = list->cap ? list->cap * 2 : 16;
		list->items = xrealloc(list->items, list->cap * sizeof(*list->items));
	}
	list->items[list->len++] = s;
}

void string_list_push(struct string_list *list, const char *s)
{
	string_list_push_owned(list, xstrdup(s));
}

void string_list_extend(struct string_list *list, const struct string_list *from)
{
	for (size_t i = 0; i < from->len; i++)
		string_list_push(list, from->items[i]);
}

int string_list_contains(const struct string_list *list, const char *s)
{
	for (size_t i = 0; i < list->len; i++)
		if (strcmp(list->items[i], s) == 0)
			return 1;
	return 0;
}

char *string_list_join_lines(const struct string_list *list)
{
	size_t n = 1;
	char *out, *p;

	for (size_t i = 0; i < list->len; i++)
		n += strlen(list->items[i]) + 1;
	out = xmalloc(n);
	p = out;
	for (size_t i = 0; i < list->len; i++) {
		size_t l = strlen(list->items[i]);

		memcpy(p, list->items[i], l);
		p += l;
		*p++ = '\n';
	}
	*p = '\0';
	return out;
}

void string_list_free(struct string_list *list)
{
	for (size_t i = 0; i < list->len; i++)
		free(list->items[i]);
	free(list->items);
	list->items = NULL;
	list->len = list->cap = 0;
}
