/*
 * Rebuild what libclang dropped from the tokens that are left.
 *
 * A statement holding an expression clang could not type (an undeclared
 * identifier, a macro called with the arity of another kernel, a member of
 * an incomplete struct) has no cursor, and a VarDecl keeps no such
 * initializer.  The tokens are still there, and kernel code mostly reads
 * `[PATH =] NAME(ARGS);`, `if (...) STMT`, `return X;`, `goto L;`: those are
 * rebuilt into the IR, the callee of a rebuilt call flagged IRF_UNRESOLVED
 * (it is known by its spelling only).  Whatever does not read as one of
 * these becomes IR_UNKNOWN: a value nobody knows, never a constant, never a
 * refinement.
 */
#ifndef GENDISK_LINT_TOKEN_REBUILD_H
#define GENDISK_LINT_TOKEN_REBUILD_H

#include "ir.h"

#include <stddef.h>

enum rebuild_token_kind { RT_PUNCT, RT_KEYWORD, RT_IDENT, RT_LITERAL };

struct rebuild_token {
	enum rebuild_token_kind kind;
	const char *text;
	struct ir_loc loc;
};

/* The names a rebuilt expression can refer to: the function's parameters
 * and the locals declared so far.  lookup returns the IRF_* flags of the
 * variable name (IRF_VAR | IRF_LOCAL or IRF_PARAM, IRF_POINTER), 0 when it
 * is not one of them; declare records a local a rebuilt declaration adds. */
struct rebuild_names {
	unsigned (*lookup)(void *ctx, const char *name);
	void (*declare)(void *ctx, const char *name, unsigned flags);
	void *ctx;
};

/* The statements in t[0..n), in order, as the kids of one IR_COMPOUND
 * (located at t[0]); NULL when n is 0. */
struct ir_node *rebuild_statements(struct ir_arena *arena, const struct rebuild_token *t,
				   size_t n, const struct rebuild_names *names);

/* The expression t[0..n): an access path, a call, a literal, a unary
 * operator on one of those, or IR_UNKNOWN. */
struct ir_node *rebuild_expression(struct ir_arena *arena, const struct rebuild_token *t,
				   size_t n, const struct rebuild_names *names);

#endif
