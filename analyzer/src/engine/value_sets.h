/*
 * The value domain of the engine (typestate_*.c; the results of acquiring a
 * resource, resource_objects.c, are read in it too): an integer variable
 * is the set of the signs it may have -- zero, negative, positive -- which
 * is what "if (err)", "if (ret < 0)" and "return -ENOMEM" decide on; and
 * the reading of constants and comparisons against 0 into such sets.
 */
#ifndef GENDISK_LINT_VALUE_SETS_H
#define GENDISK_LINT_VALUE_SETS_H

#include "ir.h"

/* Value sets of integer variables. */
enum { VAL_ZERO = 1, VAL_NEG = 2, VAL_POS = 4, VAL_ANY = 7 };

/* A negative integer constant: -5, -EIO (also undeclared, without headers). */
int value_negative_constant(const struct ir_node *n);
/* The literal 0. */
int value_zero_literal(const struct ir_node *n);
/* The values x may have where "x OP 0" (or "0 OP x" when zero_on_left)
 * is sense (1: the condition holds, 0: it does not). */
unsigned value_relation_mask(int op, int sense, int zero_on_left);

#endif
