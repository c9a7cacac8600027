/* Translate a kernel (GCC) compile command into the clang arguments needed to parse. */
#ifndef GENDISK_LINT_FLAG_TRANSLATION_H
#define GENDISK_LINT_FLAG_TRANSLATION_H

#include "string_list.h"

/*
 * words: a compile command split into words (compiler first or not, kbuild's
 * gcc line, a checker's argument list ...).  Keeps what decides how the code
 * parses (-nostdinc, -I/-isystem/-iquote/-idirafter, -include/-imacros, -D/-U,
 * -std=, -m64/-m32, -mcmodel=, the -mno-<isa> switches, -fshort-wchar,
 * -funsigned-char, -O*, ...); drops everything else, unknown flags included
 * (GCC-only code generation flags such as -fconserve-stack, -mrecord-mcount,
 * -mindirect-branch=*, -fplugin*, every -W*).  Relative include paths are made
 * absolute against base_dir (the directory the command ran in).  Input files,
 * -c, -o FILE and dependency flags are dropped.  When keep_kbuild_names is 0
 * the -DKBUILD_BASENAME/-DKBUILD_MODNAME/-D__KBUILD_MODNAME defines are dropped
 * too (they are added per file by kbuild_name_defines()).
 */
void translate_gcc_flags(const struct string_list *words, const char *base_dir,
			 int keep_kbuild_names, struct string_list *out);

/* The KBUILD_BASENAME / KBUILD_MODNAME defines kbuild would give FILE. */
void kbuild_name_defines(const char *file, struct string_list *out);

/* Flags every parse gets: no warnings, no error limit; calls of undeclared
 * functions are errors, as in kbuild. */
void parse_noise_flags(struct string_list *out);

#endif
