/* A small JSON reader (enough for compile_commands.json). */
#ifndef GENDISK_LINT_JSON_READER_H
#define GENDISK_LINT_JSON_READER_H

#include <stddef.h>

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT };

struct json_value {
	enum json_type type;
	char *string;               /* JSON_STRING (decoded, UTF-8) */
	double number;              /* JSON_NUMBER, JSON_BOOL */
	size_t len;                 /* JSON_ARRAY / JSON_OBJECT: entries */
	char **keys;                /* JSON_OBJECT */
	struct json_value **items;  /* JSON_ARRAY / JSON_OBJECT */
};

/* Parses text; returns NULL and an error message ("line N: ...") in err. */
struct json_value *json_parse(const char *text, char *err, size_t errlen);
const struct json_value *json_get(const struct json_value *obj, const char *key);
void json_free(struct json_value *v);

#endif
