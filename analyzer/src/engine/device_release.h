/*
 * A device registered with a release callback owns what that release
 * frees.  A function that installs a release on a struct device
 * (x->pdev.dev.release = fn, dev->release = fn) and registers the device
 * (platform_device_register, platform_device_add, device_register,
 * device_add) has handed the tag set fn frees to the driver core: it is
 * freed again when the device is unregistered.  So a blk_mq_free_tag_set()
 * of that tag set in the same function, on a path from the registration
 * that does not unregister the device first, is a double free.
 *
 * Syntax and control flow only (the function's CFG):
 *   release: a function of the file whose body calls blk_mq_free_tag_set()
 *            as a statement of its own (not under a condition) on
 *            &v->m, where v is its device parameter or a local computed
 *            from it (container_of, dev_get_drvdata), or on a global
 *   match:   the function frees &p->m with p the variable the device was
 *            reached through (p->pdev.dev), m declared by the same struct
 *            and written with the same members; a global by its spelling
 *   path:    from the registration (its failure branch excluded: the
 *            result tested directly or through the variable holding it,
 *            until that is written) to the free, with no call on the way
 *            of an unregistering API (platform_device_unregister/_del/_put,
 *            device_unregister, device_del, put_device) or of a function
 *            of the file that reaches one
 * The other side, for the leak half: an error return that drops such a
 * device (unregisters it, or puts it after its registration failed) has
 * handed the tag set to the release, which frees it.
 */
#ifndef GENDISK_LINT_DEVICE_RELEASE_H
#define GENDISK_LINT_DEVICE_RELEASE_H

#include "ast_lowering.h"

#include <stddef.h>

#define DR_TEXT_LEN 160

struct released_free {
	struct ir_loc free_loc;     /* the function's own blk_mq_free_tag_set() */
	struct ir_loc reg_loc;      /* the registration */
	struct ir_loc release_loc;  /* the release's blk_mq_free_tag_set() */
	const char *release;        /* the release function */
	const char *reg_call;       /* platform_device_register ... */
	char tagset[DR_TEXT_LEN];   /* as the function spells it: ubd_dev->tag_set */
	char device[DR_TEXT_LEN];   /* the struct device: ubd_dev->pdev.dev, *dev */
};

/*
 * The frees of function fn of lf that a registered device's release
 * repeats, into out (at most max, one per free call); returns how many.
 */
size_t device_release_frees(const struct lowered_file *lf, const struct ir_function *fn,
			    struct released_free *out, size_t max);

/*
 * The tag set (as written: dev->tag_set) is one the release of a device fn
 * installs frees, and the return at ret_loc drops that device first, in
 * its own basic block (platform_device_unregister/_put, device_unregister,
 * put_device of it): the release frees the tag set, no leak there.
 */
int device_release_owns(const struct lowered_file *lf, const struct ir_function *fn,
			const char *tagset, struct ir_loc ret_loc);

#endif
