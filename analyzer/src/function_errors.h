/*
 * How damaged each function's part of the parse is: ir_function.nerrors,
 * the error diagnostics whose location falls inside the function.
 */
#ifndef GENDISK_LINT_FUNCTION_ERRORS_H
#define GENDISK_LINT_FUNCTION_ERRORS_H

#include "ast_lowering.h"

#include <clang-c/Index.h>

/* Fills nerrors of lf's functions (main file and driver headers) from
 * tu's error diagnostics; returns how many main-file functions have any. */
unsigned function_errors_count(CXTranslationUnit tu, struct lowered_file *lf);

#endif
