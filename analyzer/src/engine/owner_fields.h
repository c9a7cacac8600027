/*
 * File-level facts about the structures that hold a gendisk (the "owner"
 * of dev->disk): which calls free an owner, which functions of the file
 * read a field of a struct type, which same-file helpers clear a field
 * of a parameter or free a parameter.  Syntax only (no control flow);
 * used by dangling-disk-pointer and owner-freed-while-added.
 */
#ifndef GENDISK_LINT_OWNER_FIELDS_H
#define GENDISK_LINT_OWNER_FIELDS_H

#include "ast_lowering.h"

#include <stddef.h>

/* The object a call of the kernel's allocators' free functions frees:
 * kfree(x), kvfree(x), kfree_sensitive(x), vfree(x) -> x;
 * devm_kfree(dev, x), kmem_cache_free(c, x) -> x.  NULL when the call
 * frees no object of the driver. */
const struct ir_node *owner_freed_by(const struct ir_node *call);
/* The same, and a reference drop that may free: kobject_put(&x->kobj),
 * put_device(&x->dev) -> x (the object embedding the refcount). */
const struct ir_node *owner_released_by(const struct ir_node *call);

/* The same for a call of a same-file helper (lf) that frees its own
 * parameter k without any gendisk call of its own (foo_free(dev) {
 * kfree(dev); }): the argument k.  NULL otherwise. */
const struct ir_node *owner_freed_by_helper(const struct lowered_file *lf,
					    const struct ir_node *call);

/* The USR of the struct declaring the last member of path as written in
 * fn (the first member expression of fn spelling that path), or NULL. */
const char *owner_field_record(const struct ir_function *fn, const char *path);

/* A function of lf other than self reading member field of the struct
 * record (record NULL, or a member whose record the parse lost: by name):
 * not only as the left side of an assignment.  Sets *fn_out, *loc and
 * the read as written into buf (the member name when it is no path). */
int owner_field_read_elsewhere(const struct lowered_file *lf, const struct ir_function *self,
			       const char *record, const char *field,
			       const struct ir_function **fn_out, struct ir_loc *loc, char *buf,
			       size_t len);

/* Does fn set path (root->a->field, as written with root a variable of
 * fn) to NULL through a same-file helper it passes root to (whose
 * parameter then has the same suffix set to NULL), or, when direct, by
 * an assignment of its own (then only that)?  Anywhere in fn: no control
 * flow. */
int owner_field_cleared(const struct lowered_file *lf, const struct ir_function *fn,
			const char *path, int direct);

/* Does fn free the object path names (owner_freed_by / _helper on exactly
 * path or a prefix of it: kfree(dev) frees dev->disk's holder)? */
int owner_path_freed(const struct lowered_file *lf, const struct ir_function *fn,
		     const char *path);

/* path is rooted at a parameter of fn and the owner's fate after fn is
 * the callers': some caller of fn in lf frees the argument it passes
 * there or sets its field to NULL (probe frees dev when its helper
 * failed), created it itself (a local assigned from an allocation call:
 * its own failure unwinds it), or passes its own parameter and the same
 * holds for one of its callers (up to 4 levels). */
int owner_caller_releases(const struct lowered_file *lf, const struct ir_function *fn,
			  const char *path);

/* The same for an ERR_PTR left in the field (dangling-disk-pointer's
 * second shape): a caller that created the owner counts only when it does
 * not drop a reference on it (kobject_put(&x->kobj): the release runs the
 * driver's teardown, which reads the field). */
int owner_caller_releases_errptr(const struct lowered_file *lf, const struct ir_function *fn,
				 const char *path);

/* A function of lf other than self that tests member field of struct
 * record (by name when the parse lost the record), or a local it copies
 * the field into, against NULL (if (x->disk), if (!disk), x == NULL) and
 * passes it to del_gendisk(), put_disk() or blk_cleanup_disk(), with no
 * IS_ERR()/IS_ERR_OR_NULL() of it anywhere in that function: an ERR_PTR
 * left in the field passes the test and is deleted or put.  Syntax only:
 * the first such function of the file. */
struct null_tested_release {
	const struct ir_function *fn;
	struct ir_loc test_loc, release_loc;
	const char *callee; /* del_gendisk, put_disk, blk_cleanup_disk */
	char path[160];     /* the released expression as written */
};
int owner_field_null_tested_release(const struct lowered_file *lf,
				    const struct ir_function *self, const char *record,
				    const char *field, struct null_tested_release *out);

/* Does fn call the function called name (anywhere)? */
int owner_function_calls(const struct ir_function *fn, const char *name);

/* Another function of lf calls fn. */
int owner_function_called(const struct lowered_file *lf, const struct ir_function *fn);

/* path starts with owner followed by -> or . (dev->disk under dev). */
int owner_path_under(const char *path, const char *owner);

#endif
