// SPDX-License-Identifier: GPL-2.0
/*
 * dz_free() deletes and puts block->gdp and then clears the field, under
 * if (block->gdp) (dasd_gendisk_free()'s shape).  Its summary is del +
 * put + clear of its parameter's ->gdp, applied at the call to the
 * caller's block->gdp, the alias of gdp whose add_disk() just failed:
 * del_gendisk() of a disk that was never added.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct dz_block {
	struct gendisk *gdp;
	struct blk_mq_tag_set tag_set;
};

static struct dz_block dz_block;

static const struct block_device_operations dz_fops = {
	.owner		= THIS_MODULE,
};

static void dz_free(struct dz_block *block)
{
	if (block->gdp) {
		del_gendisk(block->gdp);
		block->gdp->private_data = NULL;
		put_disk(block->gdp);
		block->gdp = NULL;
		blk_mq_free_tag_set(&block->tag_set);
	}
}

static int dz_alloc(struct dz_block *block)
{
	struct gendisk *gdp;
	int rc;

	rc = blk_mq_alloc_tag_set(&block->tag_set);
	if (rc)
		return rc;
	gdp = blk_mq_alloc_disk(&block->tag_set, NULL, block);
	if (IS_ERR(gdp)) {
		blk_mq_free_tag_set(&block->tag_set);
		return PTR_ERR(gdp);
	}
	gdp->fops = &dz_fops;
	strscpy(gdp->disk_name, "dz0", DISK_NAME_LEN);
	block->gdp = gdp;
	set_capacity(block->gdp, 0);
	rc = device_add_disk(NULL, block->gdp, NULL);
	if (rc) {
		dz_free(block);
		return rc;
	}
	return 0;
}

static int __init dz_init(void)
{
	return dz_alloc(&dz_block);
}

static void __exit dz_exit(void)
{
	dz_free(&dz_block);
}

module_init(dz_init);
module_exit(dz_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a helper's del + put + clear of the field reaches the failed add
 *
 * check-output-start
fire-helper-del-put-clear.c:54:3: warning: del_gendisk() after add_disk() failed: call put_disk() only [add-disk-fail-cleanup]
fire-helper-del-put-clear.c:52:7: note: add_disk() failed on this path
fire-helper-del-put-clear.c:43:8: note: 'gdp' allocated here
 * check-output-end
 */
