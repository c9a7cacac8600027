// SPDX-License-Identifier: GPL-2.0
/*
 * add-disk-fail-cleanup near miss: the add_disk() failure puts the disk;
 * a later failure (after a successful add) deletes and puts it through
 * another label; the exit path deletes an added disk.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static struct gendisk *fx_disk;
static struct kobject *fx_kobj;

static int __init fx_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &fx_fops;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	fx_kobj = kobject_create_and_add("fx", NULL);
	if (!fx_kobj) {
		err = -ENOMEM;
		goto out_del_disk;
	}
	fx_disk = disk;
	return 0;

out_del_disk:
	del_gendisk(disk);
out_put_disk:
	put_disk(disk);
	return err;
}

static void __exit fx_exit(void)
{
	kobject_put(fx_kobj);
	del_gendisk(fx_disk);
	put_disk(fx_disk);
}

module_init(fx_init);
module_exit(fx_exit);

MODULE_LICENSE("GPL");
