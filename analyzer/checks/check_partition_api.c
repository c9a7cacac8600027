/* partition-api: a driver calls the block layer's internal partition functions. */
#include "file_rules.h"
#include "rules.h"

#include <string.h>

static const char *const internal_partition_fns[] = {
	"add_partition", "delete_partition", "bdev_add_partition", "bdev_del_partition", NULL,
};

struct walk {
	const struct file_context *fc;
	const char *function;
};

static int visit(const struct ir_node *n, void *data)
{
	const struct walk *w = data;

	if (n->kind != IR_CALL)
		return 1;
	for (const char *const *p = internal_partition_fns; *p; p++)
		if (strcmp(ir_api_name(n), *p) == 0)
			file_report(w->fc, n->loc, w->function,
				    "%s() is internal to the block layer (not exported): partitions "
				    "come from the partition scan of add_disk() or the BLKPG ioctl",
				    *p);
	return 1;
}

static void on_file(const struct file_context *fc)
{
	for (size_t i = 0; i < fc->lf->nfuncs; i++) {
		struct walk w = { fc, fc->lf->funcs[i].name };

		ir_walk(fc->lf->funcs[i].body, visit, &w);
	}
}

/* the prefilter's trigger tokens (rules.h): the function names themselves */
static void tokens(struct string_list *out)
{
	for (size_t i = 0; internal_partition_fns[i]; i++)
		string_list_push(out, internal_partition_fns[i]);
}

const struct rule rule_partition_api = {
	.id = "partition-api",
	.severity = "warning",
	.confidence = "high",
	.summary = "driver calls add_partition / delete_partition / bdev_add_partition / bdev_del_partition",
	.explain =
		"Why: the 2.6 genhd.h declared add_partition(disk, part, start, len) and\n"
		"delete_partition(disk, part) for drivers.  Today none of them is a driver API:\n"
		"add_partition() is static in block/partitions/core.c (6.1:305, 6.12:288),\n"
		"delete_partition() is static in 6.1 (:274) and became drop_partition() in 6.12\n"
		"(:266); bdev_add_partition()/bdev_del_partition() are declared in block/blk.h\n"
		"(6.1:410-413, 6.12:598-601) for the BLKPG ioctl and are not exported\n"
		"(gendisk-api.md section 6).  A module calling them does not link (or was\n"
		"written for 2.6) and a built-in one bypasses the locking and the uevents of\n"
		"the partition code.\n"
		"\n"
		"Wrong:\n"
		"\tadd_partition(disk, 1, start, nr_sects);\n"
		"\n"
		"Right:\n"
		"\tset_capacity(disk, nr_sects_total);\n"
		"\terr = add_disk(disk);\t/* scans the partition table on the medium */\n"
		"\n"
		"Fix: let add_disk() scan the partition table (capacity set before it,\n"
		"GENHD_FL_NO_PART clear); when the medium changes, call\n"
		"disk_force_media_change() and let the block layer rescan; leave explicit\n"
		"partitioning to user space (BLKPG via parted/partx).\n",
	.on_file = on_file,
	.tokens = tokens,
};
