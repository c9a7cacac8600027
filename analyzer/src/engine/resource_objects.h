/*
 * The typestate's second kind of tracked object: a resource other than a
 * gendisk that a driver acquires with a call returning an int status and
 * releases with another call -- tag sets (blk_mq_alloc_tag_set /
 * blk_mq_free_tag_set), majors (register_blkdev / unregister_blkdev),
 * legacy regions (blk_register_region / blk_unregister_region).  Which
 * calls acquire and release what is a rule's knowledge: a rule registers a
 * classifier (rules.h, .resources) and the engine tracks the resources the
 * classifiers name in the same configurations as the disks (typestate_resources.c):
 * each resource key is none / pending (acquired, result not tested) / held
 * / released, an integer variable may hold "the result of acquiring key k",
 * so "ret = blk_mq_alloc_tag_set(&set); if (ret) return ret;" is the failure
 * of the acquisition, not a leak.  An error return reached with a key held
 * is an event (EV_RESOURCE_LEAK) for the rule that classified it.
 *
 * This module knows resources, not configurations: the engine hands it the
 * resource states of one configuration at a time.
 */
#ifndef GENDISK_LINT_RESOURCE_OBJECTS_H
#define GENDISK_LINT_RESOURCE_OBJECTS_H

#include "ast_lowering.h"
#include "ir.h"
#include "value_sets.h"

#include <stddef.h>
#include <stdint.h>

#define RES_KEY_LEN 160

enum res_role { RES_OTHER, RES_ACQUIRE, RES_RELEASE };

/* What a rule's classifier says of one call. */
struct res_call {
	enum res_role role;
	char key[RES_KEY_LEN]; /* "" is a wildcard: matches every key of the class */
	unsigned success;      /* RES_ACQUIRE: result values meaning success; 0 = void call */
	unsigned possible;     /* RES_ACQUIRE: values the call can return (0: any) */
};

/* A kind of resource, registered by the rule that judges it (rules.h). */
struct resource_class {
	/* Fill out->role (and key, success, possible) for a call; leave RES_OTHER otherwise. */
	void (*classify)(const struct ir_node *call, struct res_call *out);
};

/* The state of a resource key in one configuration (a set of these bits). */
enum res_state { RS_NONE = 1, RS_PENDING = 2, RS_HELD = 4, RS_RELEASED = 8 };

struct tracked_resource {
	const struct resource_class *cls;
	unsigned cls_index;        /* in the file's resource_classes */
	char key[RES_KEY_LEN];     /* the access path or name the classifier gave */
	const char *acquirer;      /* callee name of the first acquisition */
	struct ir_loc acquire_loc; /* where it is first acquired */
	uint8_t in_loop;           /* acquired in a loop body: a family, not judged */
	uint8_t weak;              /* a collapsed array element (unit[].tag_set): not judged */
};

/* The classes of the rules enabled for a file, and per class the functions
 * of the file that release such a resource, directly or through others. */
struct resource_classes {
	const struct lowered_file *lf;
	size_t n;
	const struct resource_class **cls;
	unsigned char **releases; /* [class][function of lf] */
};

void resource_classes_init(struct resource_classes *rc, const struct lowered_file *lf,
			   const unsigned char *rule_enabled);
void resource_classes_free(struct resource_classes *rc);

/* The resources one function acquires. */
struct resource_table {
	const struct resource_classes *classes;
	struct tracked_resource *items;
	unsigned n;
};

/*
 * Fill t with the keys fn acquires (at most 8 per class).  When it acquires
 * any, add_var is called with every variable the resource states depend on
 * (parameters, integers read, locals, variables assigned: at most 48).
 */
void resource_table_scan(struct resource_table *t, const struct resource_classes *rc,
			 const struct ir_function *fn,
			 void (*add_var)(void *arg, const char *name), void *arg);
void resource_table_free(struct resource_table *t);
/* How many classes have a resource in t. */
unsigned resource_table_classes(const struct resource_table *t);

/* A call's effect on the resource states of one configuration (after its
 * arguments were evaluated).  used: the call's value is used. */
void resource_call(const struct resource_table *t, uint8_t *res, const struct ir_node *call,
		   int used);

/* An acquisition whose value the caller keeps: *bits the values it may
 * return, *key the resource, *success the values meaning success.
 * 0 when the call acquires nothing with a status. */
int resource_acquire_result(const struct resource_table *t, const struct ir_node *call,
			    unsigned *bits, int *key, unsigned *success);

/* The result of acquiring key is known to lie in bits. */
void resource_resolve(uint8_t *res, int key, unsigned success, unsigned bits);

/* A condition that is the acquisition call itself has a value in mask. */
void resource_refine_call(const struct resource_table *t, uint8_t *res,
			  const struct ir_node *call, unsigned mask);

/* The false branch of a condition naming a held resource ("if
 * (nullb->tag_set == &nullb->__tag_set)", "if (dev->tag_set.tags)"): not
 * ours to release there. */
void resource_refine_guard(const struct resource_table *t, uint8_t *res,
			   const struct ir_node *cond);

/* The values a returned expression may have, as the resource class reads
 * them (its acquisitions return their possible values; a pointer other than
 * ERR_PTR() is no error); var_bits gives a variable's value set, or -1. */
unsigned resource_return_bits(const struct resource_table *t, unsigned cls_index,
			      const struct ir_node *value,
			      int (*var_bits)(const void *arg, const struct ir_node *n),
			      const void *arg);

/* Is key k leaked by a return of values ret_bits from a non-void function,
 * in a configuration with these resource states? */
int resource_leaked(const struct resource_table *t, unsigned k, const uint8_t *res,
		    unsigned ret_bits);

#endif
