// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss of fire-owner-release-no-put.c: when add_disk() fails the
 * unwinding drops the volume's kobject, and the release of its kobj_type
 * (defined here) calls a helper that puts the disk before freeing the
 * volume: dropping the last reference is the cleanup.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/blkdev.h>
#include <linux/kobject.h>

struct ovol {
	struct kobject kobj;
	struct gendisk *disk;
	int id;
};

static void ovol_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ovol_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ovol_submit_bio,
};

static void ovol_free(struct ovol *vol)
{
	if (vol->disk)
		put_disk(vol->disk);
	kfree(vol);
}

static void ovol_vol_release(struct kobject *kobj)
{
	ovol_free(container_of(kobj, struct ovol, kobj));
}

static const struct kobj_type ovol_ktype = {
	.release	= ovol_vol_release,
};

static int ovol_vol_setup(struct ovol *vol, sector_t sectors)
{
	vol->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(vol->disk)) {
		vol->disk = NULL;
		return -ENOMEM;
	}
	vol->disk->fops = &ovol_fops;
	vol->disk->private_data = vol;
	snprintf(vol->disk->disk_name, DISK_NAME_LEN, "ovol%d", vol->id);
	set_capacity(vol->disk, sectors);
	return 0;
}

static int ovol_vol_start(int id)
{
	struct ovol *vol;
	int err = -ENOMEM;

	vol = kzalloc(sizeof(*vol), GFP_KERNEL);
	if (!vol)
		return err;
	vol->id = id;
	kobject_init(&vol->kobj, &ovol_ktype);
	if (ovol_vol_setup(vol, 4096))
		goto out_put;
	err = add_disk(vol->disk);
	if (err)
		goto out_put;
	return 0;

out_put:
	kobject_put(&vol->kobj);
	return err;
}

static int __init ovol_init(void)
{
	return ovol_vol_start(0);
}

module_init(ovol_init);
MODULE_LICENSE("GPL");

/*
 * check-name: the owner's kobj_type release puts the disk (through a helper)
 * check-command: gendisk-lint --rule add-disk-fail-cleanup --kdir $KDIR $file
 */
