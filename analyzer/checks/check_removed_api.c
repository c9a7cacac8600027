/*
 * removed-api: calls to block-layer functions that do not exist on the
 * target kernel, with the porting replacement.  Without headers the calls
 * still parse (implicit declarations), so they are found either way.
 */
#include "file_rules.h"
#include "kernel_version.h"
#include "rules.h"

#include <string.h>

struct removed_fn {
	const char *name;
	int absent_from;        /* first kernel verified not to have it */
	unsigned only_nargs;    /* 0, or: only calls with this many arguments */
	/* only_nargs == 3 prints the call as "name(q, wc, fua)" */
	const char *absent_txt; /* how long it has been gone, for the message */
	const char *instead;
};

#define V6_1 KERNEL_VERSION_CODE(6, 1, 0)
#define V6_12 KERNEL_VERSION_CODE(6, 12, 0)
#define LIMITS "set it in the struct queue_limits passed to blk_alloc_disk()/blk_mq_alloc_disk() " \
	"(at runtime: queue_limits_start_update() + queue_limits_commit_update())"

/* gendisk-api.md section 1 "absent" rows and section 6 */
static const struct removed_fn removed[] = {
	{ "alloc_disk", V6_1, 0, "removed before 6.1",
	  "use blk_alloc_disk() (bio-based) or blk_mq_alloc_disk() (blk-mq)" },
	{ "alloc_disk_node", V6_1, 0, "removed before 6.1",
	  "use blk_alloc_disk(lim, node) or blk_mq_alloc_disk()" },
	{ "blk_register_region", V6_1, 0, "removed before 6.1",
	  "pass a probe function to __register_blkdev(major, name, probe), or none at all" },
	{ "blk_unregister_region", V6_1, 0, "removed before 6.1",
	  "drop it (unregister_blkdev() also removes the probe)" },
	{ "blk_cleanup_disk", V6_1, 0, "removed before 6.1",
	  "use del_gendisk() if the disk was added, then put_disk()" },
	{ "blk_cleanup_queue", V6_1, 0, "removed before 6.1",
	  "drop it for a disk's own queue (put_disk() releases it); for a queue from "
	  "blk_mq_alloc_queue() use blk_mq_destroy_queue() + blk_put_queue()" },
	{ "get_disk_and_module", V6_1, 0, "removed before 6.1",
	  "no driver replacement: opens pin the module through fops->owner" },
	{ "put_disk_and_module", V6_1, 0, "removed before 6.1", "use put_disk()" },
	{ "get_gendisk", V6_1, 0, "removed before 6.1",
	  "no driver replacement: keep your own pointer to the gendisk" },
	{ "blk_mq_init_queue", V6_12, 0, "6.1 had it",
	  "use blk_mq_alloc_queue(set, &lim, queuedata), or blk_mq_alloc_disk() for a disk" },
	{ "blk_queue_logical_block_size", V6_12, 0, "6.1 had it",
	  "use lim.logical_block_size: " LIMITS },
	{ "blk_queue_physical_block_size", V6_12, 0, "6.1 had it",
	  "use lim.physical_block_size: " LIMITS },
	{ "blk_queue_max_hw_sectors", V6_12, 0, "6.1 had it", "use lim.max_hw_sectors: " LIMITS },
	{ "blk_queue_max_segments", V6_12, 0, "6.1 had it", "use lim.max_segments: " LIMITS },
	{ "blk_queue_max_segment_size", V6_12, 0, "6.1 had it",
	  "use lim.max_segment_size: " LIMITS },
	{ "blk_queue_io_min", V6_12, 0, "6.1 had it", "use lim.io_min: " LIMITS },
	{ "blk_queue_io_opt", V6_12, 0, "6.1 had it", "use lim.io_opt: " LIMITS },
	{ "blk_queue_max_discard_sectors", V6_12, 0, "6.1 had it",
	  "use lim.max_hw_discard_sectors: " LIMITS },
	{ "blk_queue_max_write_zeroes_sectors", V6_12, 0, "6.1 had it",
	  "use lim.max_write_zeroes_sectors: " LIMITS },
	{ "blk_queue_max_zone_append_sectors", V6_12, 0, "6.1 had it",
	  "use lim.max_zone_append_sectors: " LIMITS },
	{ "blk_queue_virt_boundary", V6_12, 0, "6.1 had it",
	  "use lim.virt_boundary_mask: " LIMITS },
	{ "blk_queue_dma_alignment", V6_12, 0, "6.1 had it", "use lim.dma_alignment: " LIMITS },
	{ "blk_queue_write_cache", V6_12, 3, "6.12's blk_queue_write_cache(q) is a predicate",
	  "use lim.features |= BLK_FEAT_WRITE_CACHE (| BLK_FEAT_FUA): " LIMITS },
	{ "disk_set_zoned", V6_12, 0, "6.1 had it",
	  "use lim.features |= BLK_FEAT_ZONED, then blk_revalidate_disk_zones(disk)" },
	{ "blk_queue_required_elevator_features", V6_12, 0, "6.1 had it",
	  "drop it: BLK_FEAT_ZONED selects what zoned devices need" },
};

struct walk {
	const struct file_context *fc;
	const char *function;
	int target;
	const char *target_txt;
};

static int visit(const struct ir_node *n, void *data)
{
	const struct walk *w = data;
	const char *fn;

	if (n->kind != IR_CALL)
		return 1;
	fn = ir_api_name(n);
	for (size_t i = 0; i < sizeof(removed) / sizeof(removed[0]); i++) {
		const struct removed_fn *r = &removed[i];

		if (strcmp(fn, r->name) != 0 || w->target < r->absent_from ||
		    (r->only_nargs && ir_call_nargs(n) != r->only_nargs))
			continue;
		file_report(w->fc, n->loc, w->function, "%s%s does not exist on Linux %s (%s): %s",
			    fn, r->only_nargs == 3 ? "(q, wc, fua)" : "()", w->target_txt,
			    r->absent_txt, r->instead);
	}
	return 1;
}

static void on_file(const struct file_context *fc)
{
	int unknown = !fc->target->version_code;

	for (size_t i = 0; i < fc->lf->nfuncs; i++) {
		struct walk w = {
			.fc = fc, .function = fc->lf->funcs[i].name,
			/* no headers, no --kernel: 6.12 semantics (the contract's default) */
			.target = unknown ? V6_12 : fc->target->version_code,
			.target_txt = unknown ? "6.12, assumed" : fc->target->version,
		};

		ir_walk(fc->lf->funcs[i].body, visit, &w);
	}
}

/* the prefilter's trigger tokens (rules.h): the removed functions' names */
static void tokens(struct string_list *out)
{
	for (size_t i = 0; i < sizeof(removed) / sizeof(removed[0]); i++)
		string_list_push(out, removed[i].name);
}

const struct rule rule_removed_api = {
	.id = "removed-api",
	.severity = "warning",
	.confidence = "high",
	.summary = "call to a block API absent on the target kernel, with its replacement",
	.explain =
		"Why: the gendisk API of the 2.6 article was replaced piece by piece\n"
		"(gendisk-api.md section 6): alloc_disk()/alloc_disk_node(), the\n"
		"blk_register_region() probe map, get_disk_and_module(), blk_cleanup_queue()\n"
		"and blk_cleanup_disk() are gone by 6.1; 6.12 dropped blk_mq_init_queue()\n"
		"(now blk_mq_alloc_queue(set, lim, queuedata), blk-mq.h:722) and the 6.1\n"
		"blk_queue_* limit setters (blkdev.h:921-958 in 6.1) in favour of a struct\n"
		"queue_limits given at allocation (gendisk-api.md 1.4).  blk_queue_write_cache\n"
		"still exists in 6.12 but is a one-argument predicate (blkdev.h:1388), so the\n"
		"6.1 three-argument call is reported on 6.12.  The target kernel is\n"
		"LINUX_VERSION_CODE of the headers or --kernel; without either, 6.12.  A\n"
		"function is reported only from the first kernel verified to lack it (6.1\n"
		"for the 2.6-era API, 6.12 for the queue-limit setters).\n"
		"\n"
		"Wrong (6.12):\n"
		"\tdisk = blk_mq_alloc_disk(&tag_set, NULL, dev);\n"
		"\tblk_queue_logical_block_size(disk->queue, 4096);\n"
		"\tblk_queue_max_hw_sectors(disk->queue, 256);\n"
		"\n"
		"Right (6.12):\n"
		"\tstruct queue_limits lim = {\n"
		"\t\t.logical_block_size\t= 4096,\n"
		"\t\t.max_hw_sectors\t\t= 256,\n"
		"\t};\n"
		"\tdisk = blk_mq_alloc_disk(&tag_set, &lim, dev);\n"
		"\n"
		"Fix: apply the replacement named in the message; a driver that must build on\n"
		"both 6.1 and 6.12 keeps the two forms behind LINUX_VERSION_CODE.\n",
	.on_file = on_file,
	.tokens = tokens,
};
