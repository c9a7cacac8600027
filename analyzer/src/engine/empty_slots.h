/*
 * Slots of a file-scope table that the module's init may leave empty or
 * holding a disk that never went live, while the module loads anyway.
 *
 * A tolerant fill: a function reached from module_init() walks the
 * indexes of a file-scope array in a loop and fills each slot through a
 * function of the module (the filler: it stores a struct gendisk * into
 * array[param], or array[param].member, and has an error return), and a
 * failed call does not stop the init on every index -- its result is
 * ignored, the loop continues, or the test that leaves is qualified by
 * another condition (if (ret && i == 0) goto out).  After such an init
 * some slots may be NULL, or hold a disk whose add_disk() failed.
 *
 * A slot teardown: a function reached from module_exit() deletes every
 * slot in a loop with the same bound as the fill loop, del_gendisk() on
 * the element as a top-level statement of the body (no test of the slot
 * or any other condition before it).
 *
 * Syntax only, over the module's fact base (module_facts.h).
 */
#ifndef GENDISK_LINT_EMPTY_SLOTS_H
#define GENDISK_LINT_EMPTY_SLOTS_H

#include "ast_lowering.h"

struct module_facts;

struct slot_fill {
	const char *array;                /* the file-scope array */
	const struct ir_function *init;   /* the function with the tolerant loop */
	const struct ir_function *filler; /* the function storing into the slot */
	const struct ir_node *loop;       /* the fill loop (IR_FOR/IR_WHILE/IR_DO) */
	struct ir_loc call_loc;           /* the filler's call in the loop */
	struct ir_loc let_go_loc;         /* where its failure is let go */
	struct ir_loc store_loc;          /* the filler's store into the slot */
};

/* Is array (a file-scope array of the module) filled by a tolerant fill?
 * filler: only a fill through that function counts (NULL: any).  The first
 * one found goes to *out. */
int slot_fill_tolerant(const struct module_facts *mf, const char *array,
		       const struct ir_function *filler, struct slot_fill *out);

struct slot_teardown {
	const struct ir_function *fn; /* reached from module_exit() */
	const struct ir_node *del;    /* its del_gendisk() of array[i] */
	const char *array;
	struct slot_fill fill;        /* the tolerant fill of the same slots */
};

/* Calls each(t, data) for every slot teardown of a function of the
 * analysed file (mf->lf) whose array a tolerant fill with the same loop
 * bound fills. */
void slot_teardowns_each(const struct module_facts *mf,
			 void (*each)(const struct slot_teardown *t, void *data), void *data);

/* A function of the module other than skip1 and skip2 that names array;
 * NULL when none.  *loc: where. */
const struct ir_function *slot_array_reader(const struct module_facts *mf, const char *array,
					    const struct ir_function *skip1,
					    const struct ir_function *skip2, struct ir_loc *loc);

#endif
