/*
 * The analyzer's own small syntax tree of one function body, lowered from
 * libclang cursors once (ast_lowering.c) so that the CFG builder, the
 * summaries and the dataflow engine never call back into libclang.
 */
#ifndef GENDISK_LINT_IR_H
#define GENDISK_LINT_IR_H

#include <stddef.h>

enum ir_kind {
	IR_OTHER,       /* anything else: its children are evaluated in order */
	IR_COMPOUND,
	IR_IF,          /* kids: cond, then [, else] */
	IR_SWITCH,      /* kids: cond, body */
	IR_CASE,        /* kids: value..., body (last) */
	IR_DEFAULT,     /* kids: body */
	IR_WHILE,       /* kids: cond, body */
	IR_DO,          /* kids: body, cond */
	IR_FOR,         /* kids: [init] [cond] [inc] body; see for_parts */
	IR_BREAK,
	IR_CONTINUE,
	IR_GOTO,        /* name: label */
	IR_LABEL,       /* name: label; kids: body */
	IR_RETURN,      /* kids: [value] */
	IR_DECL,        /* a VarDecl: name; kids: [init] */
	IR_CALL,        /* name: callee; kids: callee expr, args... */
	IR_DECLREF,     /* name */
	IR_MEMBER,      /* name: member; kids: base; flags: IRF_ARROW */
	IR_SUBSCRIPT,   /* kids: base, index */
	IR_UNARY,       /* op: CXUnaryOperatorKind; kids: operand */
	IR_BINARY,      /* op: CXBinaryOperatorKind (incl. assignments) */
	IR_CONDOP,      /* kids: cond, then, else */
	IR_STMTEXPR,    /* kids: the compound statement */
	IR_INTLIT,      /* value */
	IR_SIZEOF,      /* sizeof/alignof: operands are not evaluated */
	IR_NULLSTMT,
	IR_UNKNOWN,     /* what clang could not type or libclang dropped (a recovery
			 * expression, a statement with an invalid expression, an
			 * initializer that vanished): its value is unknown, it never
			 * refines a condition; kids: the parts that did lower */
};

enum {
	IRF_ARROW = 1,      /* IR_MEMBER: -> (else .) */
	IRF_VAR = 2,        /* IR_DECLREF: refers to a variable or parameter */
	IRF_LOCAL = 4,      /* IR_DECLREF/IR_DECL: automatic local variable */
	IRF_PARAM = 8,      /* IR_DECLREF: a parameter */
	IRF_HAS_VALUE = 16, /* IR_INTLIT: value is valid */
	IRF_FOR_INIT = 32,  /* IR_FOR: has an init clause */
	IRF_FOR_COND = 64,  /* IR_FOR: has a condition */
	IRF_FOR_INC = 128,  /* IR_FOR: has an increment */
	IRF_POINTER = 256,  /* expression of pointer type */
	IRF_STRLIT = 512,   /* IR_OTHER: a string literal; name: its spelling with quotes */
	IRF_UNRESOLVED = 1024, /* IR_CALL: the callee has no declaration in the headers
				* (rebuilt from the tokens, or implicitly declared):
				* name is what the source spells */
	IRF_CALLEE_DRIVER = 2048, /* IR_CALL: the callee is declared in the main file or
				   * the driver's own headers: never the kernel's API */
	IRF_MACRO_WRAPPED = 4096, /* IR_CALL: __blk_alloc_disk() & co. reached through
				   * the macro the driver wrote (blk_alloc_disk) */
	IRF_DISK_PTR = 8192, /* IR_CALL: the call returns a struct gendisk * */
	IRF_DRIVER_RECORD = 16384, /* IR_MEMBER: the struct declaring the member is
				    * defined in the main file or the driver's own
				    * headers: no other module reaches the field */
	/* IR_BINARY <, <=, >, >=: the left (right) operand's value has an
	 * unsigned type, as written: seen through parens and implicit
	 * conversions (an unsigned short promoted to int stays unsigned), not
	 * through an explicit cast, which ir_strip() drops from the tree */
	IRF_LHS_UNSIGNED = 32768,
	IRF_RHS_UNSIGNED = 65536,
};

struct ir_loc {
	unsigned line;
	unsigned col;
};

struct ir_node {
	enum ir_kind kind;
	int op;
	unsigned flags;
	const char *name;
	struct ir_loc loc;
	long long value;
	unsigned nkids;
	struct ir_node **kids;
	const char *record; /* IR_MEMBER: USR of the struct/union declaring the
			     * member (c:@S@foo), NULL when the parse does not say */
};

struct ir_function {
	const char *name;
	struct ir_loc loc;
	struct ir_loc end_loc; /* the closing brace */
	int returns_void;
	int is_static;
	const char *header; /* NULL: defined in the main file; else the driver's own
			     * header it is a static inline function of */
	unsigned nparams;
	const char **params;
	struct ir_node *body;
	unsigned nerrors;   /* error diagnostics of the parse inside the body: the
			     * function was analysed on a damaged tree ("degraded") */
};

/* One designated field of a file-scope struct initializer: .name = value. */
struct ir_field_init {
	const char *name;
	struct ir_loc loc;
	struct ir_node *value; /* lowered like a function's expressions */
};

/* A struct variable defined at file scope in the main file with an
 * initializer list (static const struct block_device_operations x = {...}). */
struct ir_global {
	const char *name;
	const char *type;      /* "struct block_device_operations" (qualifiers dropped) */
	struct ir_loc loc;     /* the variable's name */
	unsigned nfields;
	struct ir_field_init *fields;
};

/* Bump allocator owning every node and string of one file's functions. */
struct ir_arena {
	struct ir_arena_chunk *chunks;
};

void *ir_alloc(struct ir_arena *arena, size_t n);
const char *ir_strdup(struct ir_arena *arena, const char *s);
void ir_arena_free(struct ir_arena *arena);

/* Parens, casts and implicit conversions are already gone; this also looks
 * through __builtin_expect (likely/unlikely) and "!!x". */
const struct ir_node *ir_strip(const struct ir_node *n);
/* Does the subtree (parens and casts seen through) name the variable name
 * (an IR_DECLREF of it)? */
int ir_mentions_var(const struct ir_node *n, const char *name);
/* Is name the "__" implementation behind one of the kernel's allocation
 * macros (__blk_alloc_disk behind blk_alloc_disk)? */
int ir_macro_wrapped(const char *name);
/* Callee name of a call; a call written as one of those macros is named by
 * the macro (IRF_MACRO_WRAPPED: __blk_alloc_disk -> blk_alloc_disk), a
 * direct call of the implementation keeps its own name. */
const char *ir_call_name(const struct ir_node *call);
/* The callee's name when the call can be the kernel's API (ir_call_name),
 * "" when the driver declares a function of that name itself: a file-local
 * static add_partition() is not the block layer's. */
const char *ir_api_name(const struct ir_node *call);
unsigned ir_call_nargs(const struct ir_node *call);
const struct ir_node *ir_call_arg(const struct ir_node *call, unsigned i);

#endif
