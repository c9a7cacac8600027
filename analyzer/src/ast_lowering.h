/* Lower the main file's function definitions from libclang cursors to the IR. */
#ifndef GENDISK_LINT_AST_LOWERING_H
#define GENDISK_LINT_AST_LOWERING_H

#include "ir.h"

#include <clang-c/Index.h>

struct lowered_file {
	struct ir_arena arena;
	struct ir_function *funcs;
	size_t nfuncs;
	struct ir_global *globals; /* file-scope struct definitions with initializers */
	size_t nglobals;
};

/* Every function defined in the main file (not in headers), in source order. */
void lower_main_file(CXTranslationUnit tu, struct lowered_file *out);
void lowered_file_free(struct lowered_file *lf);

#endif
