/* A growable list of owned C strings. */
#ifndef GENDISK_LINT_STRING_LIST_H
#define GENDISK_LINT_STRING_LIST_H

#include <stddef.h>

struct string_list {
	char **items;
	size_t len;
	size_t cap;
};

void string_list_push(struct string_list *list, const char *s);
void string_list_push_owned(struct string_list *list, char *s);
void string_list_extend(struct string_list *list, const struct string_list *from);
void string_list_free(struct string_list *list);
int string_list_contains(const struct string_list *list, const char *s);
/* The list joined with '\n' (owned by the caller). */
char *string_list_join_lines(const struct string_list *list);
/* Allocation failure is fatal: the tool cannot do anything useful without memory. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
