// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss modelled on virtio_blk's init (6.12 virtio_blk.c:1660-1692):
 * the major from register_blkdev(0, ...) is checked with < 0 (its failure
 * branch returns the error: nothing to undo), later failures unwind
 * through a label that unregisters it, and exit unregisters it last.
 * The major is copied from a temporary (ret) as nbd/null_blk do.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static int vtl_major;
static struct gendisk *vtl_disk;

static void vtl_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations vtl_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= vtl_submit_bio,
};

static int __init vtl_init(void)
{
	struct gendisk *disk;
	int ret;

	ret = register_blkdev(0, "vtl");
	if (ret < 0)
		return ret;
	vtl_major = ret;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		ret = PTR_ERR(disk);
		goto out_unregister_blkdev;
	}
	disk->major = vtl_major;
	disk->first_minor = 0;
	disk->minors = 1;
	disk->fops = &vtl_fops;
	strscpy(disk->disk_name, "vtl0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	ret = add_disk(disk);
	if (ret)
		goto out_put_disk;
	vtl_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_unregister_blkdev:
	unregister_blkdev(vtl_major, "vtl");
	return ret;
}

static void __exit vtl_exit(void)
{
	del_gendisk(vtl_disk);
	put_disk(vtl_disk);
	unregister_blkdev(vtl_major, "vtl");
}

module_init(vtl_init);
module_exit(vtl_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: virtio_blk-style register/unregister ladder
 */
