/* A small recursive-descent JSON reader. */
#include "json_reader.h"

#include "string_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct json_parser {
	const char *p;
	const char *start;
	char *err;
	size_t errlen;
	int failed;
	int depth;
};

static void fail(struct json_parser *jp, const char *what)
{
	int line = 1;

	if (jp->failed)
		return;
	for (const char *q = jp->start; q < jp->p; q++)
		if (*q == '\n')
			line++;
	snprintf(jp->err, jp->errlen, "line %d: %s", line, what);
	jp->failed = 1;
}

static void skip_ws(struct json_parser *jp)
{
	while (*jp->p == ' ' || *jp->p == '\t' || *jp->p == '\n' || *jp->p == '\r')
		jp->p++;
}

static struct json_value *new_value(enum json_type t)
{
	struct json_value *v = xcalloc(1, sizeof(*v));

	v->type = t;
	return v;
}

static void put_utf8(char *out, size_t *n, unsigned cp)
{
	if (cp < 0x80) {
		out[(*n)++] = (char)cp;
	} else if (cp < 0x800) {
		out[(*n)++] = (char)(0xc0 | (cp >> 6));
		out[(*n)++] = (char)(0x80 | (cp & 0x3f));
	} else {
		out[(*n)++] = (char)(0xe0 | (cp >> 12));
		out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[(*n)++] = (char)(0x80 | (cp & 0x3f));
	}
}

static char *parse_string(struct json_parser *jp)
{
	const char *q = ++jp->p;
	char *out;
	size_t n = 0;

	while (*q && *q != '"')
		q += (*q == '\\' && q[1]) ? 2 : 1;
	if (!*q) {
		fail(jp, "unterminated string");
		return NULL;
	}
	out = xmalloc((size_t)(q - jp->p) * 3 + 1);
	while (*jp->p != '"') {
		char c = *jp->p++;

		if (c != '\\') {
			out[n++] = c;
			continue;
		}
		c = *jp->p++;
		switch (c) {
		case 'n': out[n++] = '\n'; break;
		case 't': out[n++] = '\t'; break;
		case 'r': out[n++] = '\r'; break;
		case 'b': out[n++] = '\b'; break;
		case 'f': out[n++] = '\f'; break;
		case 'u': {
			unsigned cp = 0;

			for (int i = 0; i < 4; i++) {
				char h = *jp->p;

				if (!h) {
					fail(jp, "bad \\u escape");
					free(out);
					return NULL;
				}
				jp->p++;
				cp = cp * 16 + (unsigned)(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
			}
			put_utf8(out, &n, cp);
			break;
		}
		default: out[n++] = c; break;
		}
	}
	jp->p++;
	out[n] = '\0';
	return out;
}

static struct json_value *parse_value(struct json_parser *jp);

static struct json_value *parse_container(struct json_parser *jp, int is_object)
{
	struct json_value *v = new_value(is_object ? JSON_OBJECT : JSON_ARRAY);
	size_t cap = 0;
	char close = is_object ? '}' : ']';

	jp->p++;
	skip_ws(jp);
	if (*jp->p == close) {
		jp->p++;
		return v;
	}
	for (;;) {
		char *key = NULL;
		struct json_value *item;

		skip_ws(jp);
		if (is_object) {
			if (*jp->p != '"') {
				fail(jp, "expected a string key");
				break;
			}
			key = parse_string(jp);
			if (!key)
				break;
			skip_ws(jp);
			if (*jp->p != ':') {
				free(key);
				fail(jp, "expected ':'");
				break;
			}
			jp->p++;
		}
		item = parse_value(jp);
		if (!item) {
			free(key);
			break;
		}
		if (v->len == cap) {
			cap = cap ? cap * 2 : 8;
			v->items = xrealloc(v->items, cap * sizeof(*v->items));
			if (is_object)
				v->keys = xrealloc(v->keys, cap * sizeof(*v->keys));
		}
		v->items[v->len] = item;
		if (is_object)
			v->keys[v->len] = key;
		v->len++;
		skip_ws(jp);
		if (*jp->p == ',') {
			jp->p++;
			continue;
		}
		if (*jp->p == close) {
			jp->p++;
			return v;
		}
		fail(jp, is_object ? "expected ',' or '}'" : "expected ',' or ']'");
		break;
	}
	json_free(v);
	return NULL;
}

static struct json_value *parse_value(struct json_parser *jp)
{
	struct json_value *v;

	skip_ws(jp);
	if (++jp->depth > 64) {
		fail(jp, "nesting too deep");
		return NULL;
	}
	switch (*jp->p) {
	case '{':
	case '[':
		v = parse_container(jp, *jp->p == '{');
		break;
	case '"': {
		char *s = parse_string(jp);

		if (!s)
			return NULL;
		v = new_value(JSON_STRING);
		v->string = s;
		break;
	}
	case 't':
	case 'f':
	case 'n':
		if (strncmp(jp->p, "true", 4) == 0) {
			v = new_value(JSON_BOOL);
			v->number = 1;
			jp->p += 4;
		} else if (strncmp(jp->p, "false", 5) == 0) {
			v = new_value(JSON_BOOL);
			jp->p += 5;
		} else if (strncmp(jp->p, "null", 4) == 0) {
			v = new_value(JSON_NULL);
			jp->p += 4;
		} else {
			fail(jp, "unexpected word");
			return NULL;
		}
		break;
	default: {
		char *end;
		double d = strtod(jp->p, &end);

		if (end == jp->p) {
			fail(jp, *jp->p ? "unexpected character" : "unexpected end of input");
			return NULL;
		}
		v = new_value(JSON_NUMBER);
		v->number = d;
		jp->p = end;
		break;
	}
	}
	jp->depth--;
	return v;
}

struct json_value *json_parse(const char *text, char *err, size_t errlen)
{
	struct json_parser jp = { .p = text, .start = text, .err = err, .errlen = errlen };
	struct json_value *v = parse_value(&jp);

	if (v) {
		skip_ws(&jp);
		if (*jp.p) {
			fail(&jp, "trailing characters after the document");
			json_free(v);
			v = NULL;
		}
	}
	return v;
}

const struct json_value *json_get(const struct json_value *obj, const char *key)
{
	if (!obj || obj->type != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < obj->len; i++)
		if (strcmp(obj->keys[i], key) == 0)
			return obj->items[i];
	return NULL;
}

void json_free(struct json_value *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->len; i++) {
		json_free(v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->string);
	free(v);
}
