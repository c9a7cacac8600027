/* JSON string escaping shared by the JSON and SARIF writers and the baseline file. */
#ifndef GENDISK_LINT_JSON_WRITER_H
#define GENDISK_LINT_JSON_WRITER_H

#include <stdio.h>

/* Writes s as a quoted JSON string (NULL as ""). */
void json_write_string(FILE *out, const char *s);

#endif
