/* Expand the command line's FILE|DIR arguments into the C files to analyse. */
#ifndef GENDISK_LINT_INPUT_FILES_H
#define GENDISK_LINT_INPUT_FILES_H

#include "string_list.h"

/* Appends ARG if it is a file, or every *.c below it (sorted, recursively)
 * if it is a directory.  Returns 0, or -1 with a message naming ARG. */
int expand_input(const char *arg, struct string_list *files, char *err, size_t errlen);

#endif
