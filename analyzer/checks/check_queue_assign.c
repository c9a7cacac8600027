/* queue-assign: disk->queue assigned on a disk that owns its queue. */
#include "file_rules.h"
#include "header_calls.h"
#include "local_disks.h"
#include "rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_queue_of(const struct local_disks *ld, const char *cand, const char *disk)
{
	size_t n = strlen(cand);
	char base[LD_PATH_LEN];

	if (n <= 7 || n - 7 >= sizeof(base) || strcmp(cand + n - 7, "->queue") != 0)
		return 0;
	memcpy(base, cand, n - 7);
	base[n - 7] = '\0';
	return local_disks_same(ld, base, disk);
}

/* The value is the disk's own queue, read back earlier (q = disk->queue;
 * ... disk->queue = q): a redundant store, not a foreign queue. */
static int own_queue(const struct local_disks *ld, const struct ld_item *it)
{
	char rhs[LD_PATH_LEN];

	if (!ir_path_text(it->value, rhs, sizeof(rhs)))
		return 0;
	if (is_queue_of(ld, rhs, it->path))
		return 1;
	for (unsigned c = 0; c < ld->copies.len; c++) {
		const struct ld_item *cp = &ld->copies.items[c];

		if (ir_loc_before(cp->loc, it->loc) && strcmp(cp->path, rhs) == 0 &&
		    is_queue_of(ld, cp->other, it->path))
			return 1;
	}
	return 0;
}

static void check_function(const struct file_context *fc, const struct ir_function *fn)
{
	struct local_disks ld;

	local_disks_collect(&ld, fn);
	for (unsigned m = 0; m < ld.members.len; m++) {
		const struct ld_item *it = &ld.members.items[m];
		const struct ld_item *alloc;
		struct finding *f;
		char *note;

		if (strcmp(it->member, "queue") != 0)
			continue;
		alloc = local_disks_alloc_before(&ld, it->path, it->loc);
		if (!alloc || own_queue(&ld, it))
			continue;
		f = file_report(fc, it->loc, fn->name,
				"'%s->queue' assigned on a disk from %s(), which owns its queue: "
				"the allocated queue leaks and put_disk() puts this one",
				it->path, alloc->callee);
		if (f && asprintf(&note, "'%s' allocated here", alloc->path) >= 0)
			finding_add_note(f, alloc->loc, note);
	}
	local_disks_free(&ld);
}

/* The file's functions, then the static inline functions of the driver's
 * own headers (a compat wrapper around blk_mq_alloc_disk), whose findings
 * are reported at their calls in the file. */
static void on_file(const struct file_context *fc)
{
	for (size_t i = 0; i < fc->lf->nfuncs; i++)
		check_function(fc, &fc->lf->funcs[i]);
	for (size_t h = 0; h < fc->lf->nheader_funcs; h++) {
		const struct ir_function *fn = &fc->lf->header_funcs[h];
		struct finding_list local = { 0 };
		struct file_context hc = *fc;

		hc.findings = &local;
		check_function(&hc, fn);
		for (size_t k = 0; k < local.len; k++)
			header_finding_at_calls(fc->lf, fn, &local.items[k], fc->findings);
		finding_list_free(&local);
	}
}

/* the prefilter's trigger tokens (rules.h) */
static void tokens(struct string_list *out)
{
	string_list_push(out, "alloc_disk");
}

const struct rule rule_queue_assign = {
	.id = "queue-assign",
	.severity = "warning",
	.confidence = "high",
	.summary = "disk->queue assigned on a disk that blk_alloc_disk / blk_mq_alloc_disk created",
	.explain =
		"Why: blk_alloc_disk() and blk_mq_alloc_disk() allocate the request queue\n"
		"together with the disk, set disk->queue and q->disk, and mark the disk\n"
		"GD_OWNS_QUEUE (6.1 genhd.c:1476, blk-mq.c:4215; 6.12 genhd.c:1445,\n"
		"blk-mq.c:4419).  disk_release() drops that queue with blk_put_queue(disk->queue)\n"
		"(6.1 genhd.c:1228, 6.12 :1226; gendisk-api.md 2.1).  Overwriting disk->queue\n"
		"leaks the disk's own queue (and its q->disk back-pointer still names the\n"
		"disk), and the final put_disk() drops a reference on the driver's queue that\n"
		"the disk never took.  The 2.6 article's pattern (alloc_disk(), then\n"
		"disk->queue = my_queue) does not carry over.\n"
		"\n"
		"Wrong:\n"
		"\tdev->queue = blk_mq_alloc_queue(&dev->tag_set, &lim, dev);\n"
		"\tdisk = blk_mq_alloc_disk(&dev->tag_set, &lim, dev);\n"
		"\tdisk->queue = dev->queue;\n"
		"\n"
		"Right:\n"
		"\tdisk = blk_mq_alloc_disk(&dev->tag_set, &lim, dev);\n"
		"\tdev->queue = disk->queue;\t/* use the disk's queue */\n"
		"or, to keep a separately allocated queue:\n"
		"\tdisk = blk_mq_alloc_disk_for_queue(dev->queue, &key);\n"
		"\n"
		"The static inline functions of the driver's own headers are checked too (a\n"
		"compat wrapper that allocates the disk); such a finding is reported at each\n"
		"call of the function in the file and names the header's line.\n"
		"\n"
		"Writing back the disk's own queue (q = disk->queue; ... disk->queue = q) is\n"
		"redundant but harmless and is not reported.\n"
		"\n"
		"Fix: take the queue from the disk (disk->queue) instead of assigning it, or\n"
		"allocate the disk for an existing queue with blk_mq_alloc_disk_for_queue().\n",
	.on_file = on_file,
	.tokens = tokens,
};
