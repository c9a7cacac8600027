/*
 * The fact base of one module: what every rule may ask about the kernel
 * module the analysed file belongs to, computed once per analysed file
 * from the file and the sibling .c files of its module the front end
 * lowered (module_sources.h), and read by the rules through their context
 * (file_context.facts, summary_table.facts).  Syntax only, no control
 * flow:
 *
 *   - the function table: the file's functions, then the siblings' (a
 *     name the file defines is the file's);
 *   - the call graph, and which roots reach each function: the function
 *     module_init()/module_exit() name, the callbacks an ops table
 *     registers (which table type, which slot), functions taken as values
 *     elsewhere (a work item, a timer, a devm action);
 *   - ops tables: every file-scope initializer of a struct that assigns
 *     a function to a slot (.release of a block_device_operations, of a
 *     kobj_type, .queue_rq of a blk_mq_ops, .remove of a platform, pci,
 *     virtio... driver): which function fills which slot;
 *   - devm registrations: devm_add_action[_or_reset](dev, action, data);
 *   - the fields that hold disks (assigned a struct gendisk * returned by
 *     a call) and tag sets (&x->field passed to blk_mq_alloc_tag_set());
 *   - the allocator wrappers (disk_wrappers.h), found on first use.
 */
#ifndef GENDISK_LINT_MODULE_FACTS_H
#define GENDISK_LINT_MODULE_FACTS_H

#include "ast_lowering.h"
#include "disk_wrapper_table.h"
#include "string_list.h"

#include <stddef.h>

/* what reaches a function through the call graph (module_facts.reach) */
enum {
	REACH_INIT = 1,     /* module_init()'s function */
	REACH_EXIT = 2,     /* module_exit()'s function */
	REACH_REMOVE = 4,   /* a driver model .remove/.remove_new/.disconnect slot */
	REACH_FOPS = 8,     /* a slot of a struct block_device_operations */
	REACH_OPS = 16,     /* a slot of any other ops table */
	REACH_VALUE = 32,   /* taken as a value elsewhere (work, timer, devm action) */
};

struct ops_slot {
	const char *table;    /* the variable: foo_fops */
	const char *type;     /* "struct block_device_operations" */
	const char *slot;     /* "release" */
	const char *function; /* the function of the module in it */
	struct ir_loc loc;
	const struct lowered_file *file; /* where the table is defined */
};

struct devm_registration {
	const char *caller;   /* the function registering it */
	const char *action;   /* the action function, or NULL */
	const struct ir_node *data;
	struct ir_loc loc;
};

struct module_facts {
	const struct lowered_file *lf;     /* the analysed file */
	struct lowered_file all;           /* function table: lf's, then the siblings' */
	unsigned *by_name;                 /* all.funcs indexes sorted by name, then index */
	const struct lowered_file *const *module;
	size_t nmodule;
	/* call graph, over all.funcs: callees of i are
	 * callee[callee_at[i] .. callee_at[i + 1]) */
	unsigned *callee_at, *callee;
	unsigned *reach;                   /* REACH_* per function */
	struct ops_slot *slots;
	size_t nslots;
	struct devm_registration *devm;
	size_t ndevm;
	struct string_list disk_fields;    /* member names holding a disk */
	struct string_list tagset_fields;  /* member names holding a tag set */
	struct disk_wrappers wrappers;     /* of lf; see module_facts_wrappers() */
	int wrappers_found;
};

/* Compute the facts of lf's module (module: nmodule lowered siblings, may
 * be 0); mf keeps pointers into them. */
void module_facts_init(struct module_facts *mf, const struct lowered_file *lf,
		       const struct lowered_file *const *module, size_t nmodule);
void module_facts_free(struct module_facts *mf);

/* The index of the function called name in mf->all, or -1. */
int module_facts_function(const struct module_facts *mf, const char *name);
/* REACH_* of the function called name (0 when unknown). */
unsigned module_facts_reach(const struct module_facts *mf, const char *name);
/* The function in slot of the first table of type (NULL: any type), or
 * NULL; *from, when given, is an index to start after (-1 first). */
const struct ops_slot *module_facts_slot(const struct module_facts *mf, const char *type,
					 const char *slot, int *from);
/* The function in slot of the table (variable) called table, or NULL. */
const char *module_facts_table_slot(const struct module_facts *mf, const char *table,
				    const char *slot);
/* Does the function at index fi, or a function it calls (transitively),
 * call one of names (a NULL-terminated list of API functions)?  Sets
 * *where to the function that does. */
int module_facts_calls_api(const struct module_facts *mf, int fi, const char *const *names,
			   const struct ir_function **where);
/* Some table of type has slot filled. */
int module_facts_has_slot(const struct module_facts *mf, const char *type, const char *slot);
/* Does the function at index fi, or a function it calls (transitively),
 * read member field of struct record (by name when the parse lost the
 * record)?  Sets *where to the function that does. */
int module_facts_reads_field(const struct module_facts *mf, int fi, const char *record,
			     const char *field, const struct ir_function **where);
/* Is n an access path rooted at a file-scope variable (gd.cd_info)? */
int module_facts_global_path(const struct ir_node *n);
/* Does the function at index fi, or a function it calls (transitively),
 * read the access path path (as ir_path_text() spells it) rooted at the
 * same file-scope variable?  Sets *where to the function that does. */
int module_facts_reads_global_path(const struct module_facts *mf, int fi, const char *path,
				   const struct ir_function **where);
/* The allocator wrappers of the analysed file (found on first use). */
const struct disk_wrappers *module_facts_wrappers(struct module_facts *mf);

#endif
