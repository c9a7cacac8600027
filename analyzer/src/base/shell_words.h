/* Split a shell command line (as kbuild writes it) into words. */
#ifndef GENDISK_LINT_SHELL_WORDS_H
#define GENDISK_LINT_SHELL_WORDS_H

#include "string_list.h"

/* Handles '...', "...", backslash escapes and whitespace; stops at an
 * unquoted ';', '|' or '&&' (kbuild appends objtool and genksyms steps). */
void shell_split(const char *cmd, struct string_list *words);

#endif
