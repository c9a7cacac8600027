// SPDX-License-Identifier: GPL-2.0
/*
 * ataflop/floppy-like init (drivers/block/ataflop.c atari_floppy_init(),
 * drivers/block/floppy.c do_floppy_init()): a loop allocates one disk per
 * unit into unit[i].disk, a failure unwinds the units allocated so far
 * with "while (i--) put_disk(unit[i].disk)", and a second loop adds them.
 *
 * Run with --rule disk-leak: the module init also fails after a disk went
 * live, which fail-after-add reports (fire-init-fails-after-unwind.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

#define FDX_MAX_UNITS 2

struct fdx_unit {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	bool registered;
};

static struct fdx_unit unit[FDX_MAX_UNITS];

static blk_status_t fdx_queue_rq(struct blk_mq_hw_ctx *hctx,
				 const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops fdx_mq_ops = {
	.queue_rq	= fdx_queue_rq,
};

static const struct block_device_operations fdx_fops = {
	.owner		= THIS_MODULE,
};

static int fdx_alloc_disk(int drive)
{
	struct gendisk *disk;

	disk = blk_mq_alloc_disk(&unit[drive].tag_set, NULL, NULL);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->major = 0;
	disk->first_minor = 0;
	disk->minors = 0;
	disk->fops = &fdx_fops;
	disk->flags |= GENHD_FL_NO_PART;
	sprintf(disk->disk_name, "fdx%d", drive);
	disk->private_data = &unit[drive];
	set_capacity(disk, 2880);
	unit[drive].disk = disk;
	return 0;
}

static int __init fdx_init(void)
{
	int i, ret;

	for (i = 0; i < FDX_MAX_UNITS; i++) {
		ret = blk_mq_alloc_sq_tag_set(&unit[i].tag_set, &fdx_mq_ops, 2,
					      BLK_MQ_F_SHOULD_MERGE);
		if (ret)
			goto err;
		ret = fdx_alloc_disk(i);
		if (ret) {
			blk_mq_free_tag_set(&unit[i].tag_set);
			goto err;
		}
	}

	for (i = 0; i < FDX_MAX_UNITS; i++) {
		ret = add_disk(unit[i].disk);
		if (ret)
			goto err_out_dma;
		unit[i].registered = true;
	}
	return 0;

err_out_dma:
	for (i = 0; i < FDX_MAX_UNITS; i++) {
		if (unit[i].registered)
			del_gendisk(unit[i].disk);
		put_disk(unit[i].disk);
		blk_mq_free_tag_set(&unit[i].tag_set);
	}
	return ret;
err:
	while (i--) {
		put_disk(unit[i].disk);
		blk_mq_free_tag_set(&unit[i].tag_set);
	}
	return ret;
}

static void __exit fdx_exit(void)
{
	int i;

	for (i = 0; i < FDX_MAX_UNITS; i++) {
		del_gendisk(unit[i].disk);
		put_disk(unit[i].disk);
		blk_mq_free_tag_set(&unit[i].tag_set);
	}
}

module_init(fdx_init);
module_exit(fdx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: per-unit allocation loop unwound with while (i--) put_disk()
 * check-command: gendisk-lint --rule disk-leak --kdir $KDIR $file
 */
