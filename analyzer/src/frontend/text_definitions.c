/* Function definitions of a C file from its text alone (text_definitions.h). */
#include "text_definitions.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct text_function {
	char *name;
	struct string_list calls; /* identifiers followed by '(' in the body */
	int direct;               /* the body calls a token itself */
};

static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* A copy of text with comments, literals and preprocessor lines blanked
 * (newlines kept), so braces and parentheses inside them do not count. */
static char *blank_text(const char *text)
{
	size_t len = strlen(text);
	char *t = xmalloc(len + 1);
	int line_start = 1;

	memcpy(t, text, len + 1);
	for (size_t i = 0; i < len; i++) {
		char c = t[i];

		if (line_start && c == '#') {
			/* a directive, with its continuation lines */
			while (i < len && t[i] != '\n') {
				if (t[i] == '\\' && i + 1 < len && t[i + 1] == '\n')
					t[i++] = ' ';
				else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*')
					break;
				else
					t[i++] = ' ';
			}
			if (i < len && t[i] == '/')
				i--; /* a comment after the directive: blanked below */
			else
				line_start = 1;
			continue;
		}
		if (c == '/' && i + 1 < len && t[i + 1] == '*') {
			t[i++] = ' ';
			t[i++] = ' ';
			while (i < len && !(t[i] == '*' && i + 1 < len && t[i + 1] == '/'))
				if (t[i] != '\n')
					t[i++] = ' ';
				else
					i++;
			if (i < len) {
				t[i++] = ' ';
				t[i] = ' ';
			}
			continue;
		}
		if (c == '/' && i + 1 < len && t[i + 1] == '/') {
			while (i < len && t[i] != '\n')
				t[i++] = ' ';
			line_start = 1;
			continue;
		}
		if (c == '"' || c == '\'') {
			t[i++] = ' ';
			while (i < len && t[i] != c && t[i] != '\n') {
				if (t[i] == '\\' && i + 1 < len)
					t[i++] = ' ';
				t[i++] = ' ';
			}
			if (i < len && t[i] == c)
				t[i] = ' ';
			continue;
		}
		if (c == '\n')
			line_start = 1;
		else if (!isspace((unsigned char)c))
			line_start = 0;
	}
	return t;
}

static size_t skip_space_back(const char *t, size_t i)
{
	while (i > 0 && isspace((unsigned char)t[i - 1]))
		i--;
	return i;
}

/* t[close - 1] is ')': the index of its '(' or (size_t)-1. */
static size_t open_paren(const char *t, size_t close)
{
	int depth = 0;

	for (size_t i = close; i > 0; i--) {
		if (t[i - 1] == ')')
			depth++;
		else if (t[i - 1] == '(' && --depth == 0)
			return i - 1;
	}
	return (size_t)-1;
}

/* The name of the function whose body starts at t[brace], or NULL: the
 * identifier before the last parenthesised list that is not an
 * attribute-like trailer (__releases(x), __acquires(x), __must_hold(x)). */
static char *definition_name(const char *t, size_t brace)
{
	size_t end = skip_space_back(t, brace);

	for (int tries = 0; tries < 4; tries++) {
		size_t open, name_end, name_start;

		if (end == 0 || t[end - 1] != ')')
			return NULL;
		open = open_paren(t, end);
		if (open == (size_t)-1)
			return NULL;
		name_end = skip_space_back(t, open);
		name_start = name_end;
		while (name_start > 0 && ident_char(t[name_start - 1]))
			name_start--;
		if (name_start == name_end || isdigit((unsigned char)t[name_start]))
			return NULL;
		if (strncmp(t + name_start, "__", 2) != 0)
			return xstrndup(t + name_start, name_end - name_start);
		end = skip_space_back(t, name_start);
	}
	return NULL;
}

static int calls_token(const char *name, const struct string_list *tokens)
{
	for (size_t i = 0; i < tokens->len; i++)
		if (strstr(name, tokens->items[i]))
			return 1;
	return 0;
}

/* Reads the body t[open..close] (braces included) into f. */
static void read_body(const char *t, size_t open, size_t close, const struct string_list *tokens,
		      struct text_function *f)
{
	for (size_t i = open; i < close;) {
		size_t s = i, e;

		if (!ident_char(t[i]) || (i > 0 && ident_char(t[i - 1]))) {
			i++;
			continue;
		}
		while (i < close && ident_char(t[i]))
			i++;
		e = i;
		while (e < close && isspace((unsigned char)t[e]))
			e++;
		if (e < close && t[e] == '(' && !isdigit((unsigned char)t[s])) {
			char *name = xstrndup(t + s, i - s);

			if (calls_token(name, tokens))
				f->direct = 1;
			if (!string_list_contains(&f->calls, name))
				string_list_push(&f->calls, name);
			free(name);
		}
	}
}

unsigned text_definitions_reaching(const char *text, const struct string_list *tokens,
				   struct string_list *out)
{
	char *t = blank_text(text);
	struct text_function *fs = NULL;
	size_t nfs = 0, cap = 0, len;
	unsigned added = 0;
	int changed = 1;
	int *reaches;

	len = strlen(t);
	for (size_t i = 0; i < len; i++) {
		size_t close;
		int depth;
		char *name;

		if (t[i] != '{')
			continue;
		depth = 0;
		for (close = i; close < len; close++) {
			if (t[close] == '{')
				depth++;
			else if (t[close] == '}' && --depth == 0)
				break;
		}
		name = definition_name(t, i);
		if (name) {
			if (nfs == cap) {
				cap = cap ? cap * 2 : 32;
				fs = xrealloc(fs, cap * sizeof(*fs));
			}
			memset(&fs[nfs], 0, sizeof(fs[nfs]));
			fs[nfs].name = name;
			read_body(t, i, close < len ? close : len, tokens, &fs[nfs]);
			nfs++;
		}
		i = close < len ? close : len; /* the next top-level brace */
	}
	reaches = xcalloc(nfs ? nfs : 1, sizeof(*reaches));
	for (size_t i = 0; i < nfs; i++)
		reaches[i] = fs[i].direct;
	while (changed) {
		changed = 0;
		for (size_t i = 0; i < nfs; i++) {
			if (reaches[i])
				continue;
			for (size_t k = 0; k < nfs && !reaches[i]; k++)
				if (reaches[k] && string_list_contains(&fs[i].calls, fs[k].name))
					reaches[i] = changed = 1;
		}
	}
	for (size_t i = 0; i < nfs; i++) {
		if (reaches[i] && !string_list_contains(out, fs[i].name)) {
			string_list_push(out, fs[i].name);
			added++;
		}
		free(fs[i].name);
		string_list_free(&fs[i].calls);
	}
	free(reaches);
	free(fs);
	free(t);
	return added;
}

int text_calls_any(const char *text, const struct string_list *names)
{
	char *t;
	int hit = 0;

	if (!names->len)
		return 0;
	t = blank_text(text);
	for (size_t i = 0; t[i] && !hit; i++) {
		size_t e = i;

		if (!ident_char(t[i]) || (i && ident_char(t[i - 1])) || isdigit((unsigned char)t[i]))
			continue;
		while (ident_char(t[e]))
			e++;
		{
			size_t n = e - i;

			while (t[e] == ' ' || t[e] == '\t' || t[e] == '\n')
				e++;
			if (t[e] == '(')
				for (size_t k = 0; k < names->len && !hit; k++)
					hit = strlen(names->items[k]) == n &&
					      !strncmp(names->items[k], t + i, n);
		}
		i = e - 1;
	}
	free(t);
	return hit;
}
