/*
 * Flags that stand for "the disk was added": a member of the driver's
 * struct (a plain int or bool, an atomic_t, or a bit of a flags word)
 * that a teardown tests before it calls del_gendisk().
 *
 * A function that sets such a flag before its add_disk() and does not
 * clear it anywhere after the add leaves it set when the add fails; the
 * teardown then deletes a disk that was never added.  Syntax only:
 *
 *   set:   x->f = <non-zero constant>, atomic_set(&x->f, <non-zero>),
 *          atomic_xchg(&x->f, <non-zero>), set_bit(B, &x->flags) and the
 *          test_and_ / __ forms
 *   clear: x->f = 0, atomic_set(&x->f, 0), atomic_xchg(&x->f, 0),
 *          clear_bit(B, &x->flags) and its forms
 *   test:  an if whose condition is x->f, atomic_read(&x->f) or
 *          test_bit(B, &x->flags) (alone or in a && chain, not negated)
 *          and whose then branch calls del_gendisk()
 *
 * The flag is identified by the struct declaring the member (its USR, or
 * the member name when the parse lost it) and, for a bit, the bit's
 * spelling or value.
 */
#ifndef GENDISK_LINT_ADDED_FLAGS_H
#define GENDISK_LINT_ADDED_FLAGS_H

#include "ast_lowering.h"

struct module_facts;

struct added_flag {
	const char *record;  /* USR of the struct declaring the member, or NULL */
	const char *member;  /* running, flags */
	char bit[64];        /* "" for a flag member; else the bit */
	char text[96];       /* as written at the set: dc->running */
	struct ir_loc set_loc;
};

struct flag_gate {
	const struct ir_function *fn; /* the teardown */
	struct ir_loc test_loc;       /* its test of the flag */
	struct ir_loc del_loc;        /* the del_gendisk() it guards */
};

/* A flag fn sets before add_loc and clears nowhere after it, which a
 * function of the module other than fn tests before a del_gendisk() of a
 * path whose last member is disk_member (NULL: any): 1 with *flag and
 * *gate filled, else 0. */
int added_flag_left_set(const struct module_facts *mf, const struct ir_function *fn,
			struct ir_loc add_loc, const char *disk_member, struct added_flag *flag,
			struct flag_gate *gate);

#endif
