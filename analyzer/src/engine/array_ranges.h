/*
 * Loops over arrays, and the index ranges they cover (typestate_ranges.c uses it).
 *
 * An each-element loop walks an induction variable over a prefix [0, X)
 * of an array and applies a lifecycle operation to the element the
 * variable indexes on every path through one iteration:
 *
 *   for (i = 0; i < N; i++)          covers [0, N)
 *   for (i = N - 1; i >= 0; i--)     covers [0, N)
 *   for (j = i; j >= 0; j--)         covers [0, i + 1)
 *   while (i--), while (i-- > 0),
 *   while (--i >= 0), for (; i-- > 0; )  cover [0, i at entry)
 *   do { ... } while (i--)           covers [0, i at entry + 1)
 *
 * Only prefixes are described (the lower bound is always 0).  An upper
 * bound is a symbol: the loop bound expression (N, dev->count, a
 * constant), the current value of a tracked integer variable, or a
 * snapshot of a variable's value taken when the variable was written,
 * optionally known to be below a bound (the variable was the induction
 * variable of an ascending loop left from inside its body).  Symbols are
 * compared only when that is decidable; otherwise nothing is concluded.
 */
#ifndef GENDISK_LINT_ARRAY_RANGES_H
#define GENDISK_LINT_ARRAY_RANGES_H

#include "cfg.h"
#include "ir.h"

#include <stdint.h>

enum range_sym_kind {
	SYM_NONE,  /* no fact */
	SYM_BOUND, /* the value of bound expression id */
	SYM_VAR,   /* the current value of tracked variable id */
	SYM_SNAP,  /* the value a variable had when written at site id */
};

struct range_sym {
	uint8_t kind;
	int8_t off;    /* added to the symbol */
	int16_t below; /* bound id the symbol (without off) is known to be below, or -1 */
	int16_t var;   /* SYM_VAR, SYM_SNAP: the variable (for messages) */
	int32_t id;    /* SYM_BOUND: bound; SYM_VAR: variable; SYM_SNAP: write site */
};

/* What an each-element loop does to each element of its range. */
enum { LOOP_OP_ALLOC = 1, LOOP_OP_DEL = 2, LOOP_OP_PUT = 4 };

struct loop_effect {
	int obj;                 /* tracked object (the collapsed array key) */
	unsigned ops;            /* LOOP_OP_* applied on every path through an iteration */
	const struct ir_node *call; /* the statement's call (one per op) */
	struct ir_loc loc;
};

enum loop_shape {
	LOOP_UP,        /* for (i = 0; i < N; i++) */
	LOOP_DOWN_INIT, /* for (i = E [- 1]; i >= 0; i--): end from the init */
	LOOP_DOWN_ENTRY /* while (i--) & co.: end = i at entry (+ end_off) */
};

#define MAX_LOOP_EFFECTS 4

struct array_loop {
	const struct ir_node *stmt;   /* the loop statement */
	const struct ir_node *cond;   /* its condition (stripped): the head's branch */
	enum loop_shape shape;
	int var;                      /* tracked induction variable */
	int is_do;
	struct range_sym end;         /* LOOP_UP: the bound; LOOP_DOWN_INIT: the end
				       * (SYM_VAR of another variable or a bound) */
	int8_t end_off;               /* LOOP_DOWN_ENTRY: end = i at entry + end_off */
	unsigned head;                /* the branch block of cond */
	unsigned entry;               /* LOOP_DOWN_ENTRY: the block configurations
				       * enter the loop at (head, or a do's body) */
	struct loop_effect eff[MAX_LOOP_EFFECTS];
	unsigned neff;
	unsigned first_line, last_line; /* extent of the loop */
};

/* The element operation one statement applies, for the recognizer: the
 * engine answers for a call (or x = call) whose argument or target is an
 * element path indexed by the variable name.  Fills eff (obj, ops, call)
 * and returns 1; 0 when the statement is no such operation. */
typedef int loop_op_fn(void *ctx, const struct ir_node *stmt, const char *ivar,
		       struct loop_effect *eff);
/* The tracked variable called name, or -1. */
typedef int loop_var_fn(void *ctx, const char *name);

struct array_loops {
	struct array_loop *loops;
	unsigned n;
	char **bounds;                /* interned bound expressions (SYM_BOUND ids) */
	unsigned nbounds;
};

/* Find the each-element loops of a function whose CFG is built. */
void array_loops_find(struct array_loops *al, const struct ir_function *fn,
		      const struct cfg *cfg, loop_op_fn *op, loop_var_fn *var, void *ctx);
void array_loops_free(struct array_loops *al);
/* The loop whose head branches on cond, or NULL. */
const struct array_loop *array_loop_of_cond(const struct array_loops *al,
					    const struct ir_node *cond);
/* Is the call one of the operations of a recognised loop? */
int array_loop_is_op(const struct array_loops *al, const struct ir_node *call);
/* An element path with a subscript indexed by the variable name: a[i],
 * &a[i], a[i].disk, dev->unit[i]->disk[0]. */
int array_index_is(const struct ir_node *n, const char *name);
/* Does bound id's spelling start from the path name (a variable, or a
 * field path: writing it changes the bound)? */
int array_bound_mentions(const struct array_loops *al, int id, const char *name);

/* Ordering of two range ends: leak of [rel, alloc) when the function
 * allocated [0, alloc) and released [0, rel).  Returns 0: nothing can be
 * concluded (or no leak); 1: some element is left (rel < alloc); 2: some
 * element is left unless the loop that set rel stopped at its last
 * element (rel <= alloc, rel known below the bound alloc). */
int range_leaks(const struct range_sym *alloc, const struct range_sym *rel);
int range_sym_equal(const struct range_sym *a, const struct range_sym *b);
/* Writes "N", "i", "i + 1" ... (the bound's spelling, or "?"). */
void range_sym_format(const struct array_loops *al, const struct range_sym *s,
		      const char *const *var_names, char *buf, size_t size);

#endif
