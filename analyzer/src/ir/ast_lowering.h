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
	/* static inline functions defined in the driver's own headers (a local
	 * include dir, local_headers.h): never analysed as the file's own
	 * functions, their locations are the header's */
	struct ir_function *header_funcs;
	size_t nheader_funcs;
	/* the main file expands module_exit(): a module build's __exittest()
	 * or cleanup_module alias, a built-in one's __exitcall_fn variable
	 * (declarations written by a macro, so not among funcs/globals) */
	int has_module_exit;
	/* the function module_exit() names (its __exittest() or
	 * __exitcall_* variable refers to it), or NULL */
	const char *module_exit;
	/* the function module_init() names (its __inittest() or
	 * __initcall_* variable refers to it), or NULL */
	const char *module_init;
	/* set by the pipeline: another .c file of the module may release a
	 * disk (it calls put_disk() or blk_cleanup_disk()) and was not lowered
	 * with this one, or the module's files are not known: module-wide
	 * facts about who puts a disk are incomplete */
	int module_partial;
	/* set by the pipeline: another .c file of the module may expand
	 * module_exit() (its text says so), or the module's files are not
	 * known; with it clear and no module_exit() here, a module that has
	 * a module_init() can never be unloaded */
	int module_exit_elsewhere;
};

/* Every function defined in the main file, in source order, and the static
 * inline functions of the driver's own headers (header_funcs). */
void lower_main_file(CXTranslationUnit tu, struct lowered_file *out);
void lowered_file_free(struct lowered_file *lf);
/* The index in lf->funcs of the main file's function called name, or -1
 * (name may be NULL). */
int lowered_function_index(const struct lowered_file *lf, const char *name);
/* The function called name: the main file's, else a static inline one of
 * the driver's own headers; NULL if neither defines it. */
const struct ir_function *lowered_function(const struct lowered_file *lf, const char *name);
/* How many of the main file's functions hold parse errors (ir_function.nerrors). */
unsigned lowered_degraded_functions(const struct lowered_file *lf);

#endif
