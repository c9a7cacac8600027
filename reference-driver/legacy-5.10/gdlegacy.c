// SPDX-License-Identifier: GPL-2.0
/*
 * gdlegacy - a RAM-backed block driver written against the Linux 5.10
 * block API, as out-of-tree drivers of that time were: the queue comes
 * from blk_alloc_queue() and is tuned with the blk_queue_*() setters,
 * alloc_disk() makes the disk, add_disk() returns nothing, the exit
 * path calls blk_cleanup_queue(), ->open takes a block_device and
 * ->release an fmode_t, ->submit_bio returns a blk_qc_t.
 *
 * It is the input of gendisk-check's `make port`: none of this builds on
 * 6.1 or 6.12, and the port must make it build and pass every stage
 * with no hand edits.  Do not modernise it by hand.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/bio.h>
#include <linux/highmem.h>
#include <linux/vmalloc.h>
#include <linux/atomic.h>

#define GDL_NAME	"gdlegacy"
#define GDL_SECTOR_SHIFT	9

static unsigned int capacity_mb = 16;
module_param(capacity_mb, uint, 0444);
MODULE_PARM_DESC(capacity_mb, "Disk size in MiB (1-1024, default 16)");

static int gdl_major;
static u8 *gdl_data;
static sector_t gdl_sectors;
static struct gendisk *gdl_disk;
static atomic_t gdl_openers = ATOMIC_INIT(0);

static void gdl_copy(struct bio_vec *bvec, sector_t sector, bool write)
{
	u8 *mem = gdl_data + (sector << GDL_SECTOR_SHIFT);
	u8 *buf = kmap_atomic(bvec->bv_page) + bvec->bv_offset;

	if (write)
		memcpy(mem, buf, bvec->bv_len);
	else
		memcpy(buf, mem, bvec->bv_len);
	kunmap_atomic(buf);
}

static blk_qc_t gdl_submit_bio(struct bio *bio)
{
	sector_t sector = bio->bi_iter.bi_sector;
	struct bvec_iter iter;
	struct bio_vec bvec;

	switch (bio_op(bio)) {
	case REQ_OP_READ:
	case REQ_OP_WRITE:
		break;
	case REQ_OP_FLUSH:
		bio_endio(bio);
		return BLK_QC_T_NONE;
	default:
		bio_io_error(bio);
		return BLK_QC_T_NONE;
	}
	bio_for_each_segment(bvec, bio, iter) {
		gdl_copy(&bvec, sector, op_is_write(bio_op(bio)));
		sector += bvec.bv_len >> GDL_SECTOR_SHIFT;
	}
	bio_endio(bio);
	return BLK_QC_T_NONE;
}

static int gdl_open(struct block_device *bdev, fmode_t mode)
{
	if (!bdev->bd_disk->private_data)
		return -ENXIO;
	atomic_inc(&gdl_openers);
	return 0;
}

static void gdl_release(struct gendisk *disk, fmode_t mode)
{
	atomic_dec(&gdl_openers);
}

static const struct block_device_operations gdl_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= gdl_submit_bio,
	.open		= gdl_open,
	.release	= gdl_release,
};

static int __init gdl_init(void)
{
	struct request_queue *q;
	struct gendisk *disk;
	int err;

	if (capacity_mb < 1 || capacity_mb > 1024)
		return -EINVAL;
	gdl_sectors = (sector_t)capacity_mb << (20 - GDL_SECTOR_SHIFT);

	gdl_major = register_blkdev(0, GDL_NAME);
	if (gdl_major < 0)
		return gdl_major;

	err = -ENOMEM;
	gdl_data = vzalloc(gdl_sectors << GDL_SECTOR_SHIFT);
	if (!gdl_data)
		goto out_unregister;

	q = blk_alloc_queue(NUMA_NO_NODE);
	if (!q)
		goto out_free_data;
	disk = alloc_disk(1);
	if (!disk)
		goto out_cleanup_queue;
	disk->queue = q;
	blk_queue_logical_block_size(q, 512);
	blk_queue_physical_block_size(q, PAGE_SIZE);
	blk_queue_max_hw_sectors(q, 256);

	disk->major = gdl_major;
	disk->first_minor = 0;
	disk->fops = &gdl_fops;
	disk->private_data = gdl_data;
	disk->flags |= GENHD_FL_NO_PART_SCAN | GENHD_FL_EXT_DEVT;
	snprintf(disk->disk_name, DISK_NAME_LEN, GDL_NAME "0");
	set_capacity(disk, gdl_sectors);
	add_disk(disk);
	gdl_disk = disk;
	return 0;

out_cleanup_queue:
	blk_cleanup_queue(q);
out_free_data:
	vfree(gdl_data);
out_unregister:
	unregister_blkdev(gdl_major, GDL_NAME);
	return err;
}

static void __exit gdl_exit(void)
{
	del_gendisk(gdl_disk);
	blk_cleanup_queue(gdl_disk->queue);
	put_disk(gdl_disk);
	vfree(gdl_data);
	unregister_blkdev(gdl_major, GDL_NAME);
}

module_init(gdl_init);
module_exit(gdl_exit);
MODULE_DESCRIPTION("RAM disk on the 5.10 block API, input of make port");
MODULE_LICENSE("GPL");
