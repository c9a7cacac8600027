/* fops-owner: a struct block_device_operations defined without .owner. */
#include "file_rules.h"
#include "rules.h"

#include <string.h>

/*
 * A module with a module_init() and no module_exit() in any of its files
 * can never be unloaded: delete_module() refuses it (-EBUSY) unless
 * forced, and a forced unload ignores the references anyway
 * (kernel/module/main.c).  An owner would pin nothing that can go.
 */
static int module_permanent(const struct lowered_file *lf)
{
	return lf->module_init && !lf->has_module_exit && !lf->module_exit_elsewhere;
}

static void on_file(const struct file_context *fc)
{
	if (module_permanent(fc->lf))
		return;
	for (size_t i = 0; i < fc->lf->nglobals; i++) {
		const struct ir_global *g = &fc->lf->globals[i];

		if (strcmp(g->type, "struct block_device_operations") != 0 ||
		    ir_global_field(g, "owner"))
			continue;
		file_report(fc, g->loc, NULL,
			    "'%s' has no .owner = THIS_MODULE: the module can be unloaded while "
			    "the disk is open", g->name);
	}
}

/* the prefilter's trigger tokens (rules.h) */
static void tokens(struct string_list *out)
{
	string_list_push(out, "block_device_operations");
}

const struct rule rule_fops_owner = {
	.id = "fops-owner",
	.severity = "warning",
	.confidence = "medium",
	.summary = "struct block_device_operations without .owner = THIS_MODULE",
	.explain =
		"Why: opening a block device pins the driver module through\n"
		"try_module_get(disk->fops->owner) (6.1 block/bdev.c:832, 6.12 block/bdev.c:920,\n"
		"gendisk-api.md 1.7).  With .owner unset the reference is taken on nothing:\n"
		"rmmod succeeds while a file system is mounted on the disk or a process holds\n"
		"it open, and the next I/O or release calls into unloaded code.  The 2.6\n"
		"article's sample driver sets .owner = THIS_MODULE for the same reason.\n"
		"Code that can only be built into the kernel does not need it (THIS_MODULE is\n"
		"NULL there); the rule does not try to tell, hence confidence medium.  Nor\n"
		"does a module with module_init() and no module_exit() in any of its files:\n"
		"delete_module() refuses to unload it (kernel/module/main.c), so the rule\n"
		"stays silent there.\n"
		"\n"
		"Wrong:\n"
		"\tstatic const struct block_device_operations foo_fops = {\n"
		"\t\t.submit_bio\t= foo_submit_bio,\n"
		"\t};\n"
		"\n"
		"Right:\n"
		"\tstatic const struct block_device_operations foo_fops = {\n"
		"\t\t.owner\t\t= THIS_MODULE,\n"
		"\t\t.submit_bio\t= foo_submit_bio,\n"
		"\t};\n"
		"\n"
		"Fix: add .owner = THIS_MODULE to every block_device_operations the driver\n"
		"defines.\n",
	.on_file = on_file,
	.tokens = tokens,
};
