use super::*;

#[test]
fn a_dropped_staging_folder_leaves_the_old_site_untouched() {
    let root = tempfile::tempdir().unwrap();
    let target = root.path().join("dist");
    fs::create_dir(&target).unwrap();
    fs::write(target.join("index.html"), "old").unwrap();
    {
        let staging = Staging::new(&target).unwrap();
        staging.write("index.html", "new").unwrap();
    }
    assert_eq!(
        fs::read_to_string(target.join("index.html")).unwrap(),
        "old"
    );
    assert_eq!(fs::read_dir(root.path()).unwrap().count(), 1);
}

#[test]
fn the_build_knows_how_every_file_it_leaves_lies_on_disk() {
    let root = tempfile::tempdir().unwrap();
    let target = root.path().join("dist");
    // How the target's files lie on disk, as a record reads them.
    let lying = |target: &Path| -> OnDiskFiles {
        WalkDir::new(target)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|entry| entry.file_type().is_file())
            .map(|entry| {
                let relative = entry.path().strip_prefix(target).unwrap();
                let relative = relative.to_string_lossy().into_owned();
                (relative, on_disk_of(&entry.metadata().unwrap()).unwrap())
            })
            .collect()
    };
    let whole = Staging::new(&target).unwrap();
    whole.write("same.html", "same").unwrap();
    whole.write("gone.html", "gone").unwrap();
    whole
        .copy_file(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"),
            "c.toml",
        )
        .unwrap();
    let on_disk = whole.files_on_disk(None);
    let manifest = whole.commit().unwrap();
    assert_eq!(on_disk.as_ref(), Some(&lying(&target)));

    let update = Staging::update(&target, manifest.clone()).unwrap();
    update.write("same.html", "same").unwrap();
    update.write("new.html", "new").unwrap();
    update
        .copy_file(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"),
            "c.toml",
        )
        .unwrap();
    assert_eq!(
        update.files_on_disk(None),
        None,
        "the target's files are unknown"
    );
    let after = update.files_on_disk(on_disk);
    update.commit().unwrap();
    assert_eq!(after, Some(lying(&target)));

    let twins = Staging::update(&target, manifest).unwrap();
    twins.note_unlisted_files();
    assert_eq!(twins.files_on_disk(Some(lying(&target))), None);
}

#[test]
fn an_update_writes_and_moves_only_what_changed_and_removes_what_went() {
    let root = tempfile::tempdir().unwrap();
    let target = root.path().join("dist");
    let first = Staging::new(&target).unwrap();
    first.write("same.html", "same").unwrap();
    first.write("a/index.html", "old").unwrap();
    first.write("gone/index.html", "gone").unwrap();
    first.write("data/a.json", "{}").unwrap();
    assert_eq!(first.changed_pages(), None, "a whole new site");
    let manifest = first.commit().unwrap();
    assert_eq!(manifest.len(), 5, "four files and the marker");

    let update = Staging::update(&target, manifest).unwrap();
    update.write("same.html", "same").unwrap();
    update.write("a/index.html", "new").unwrap();
    update.write("new/index.html", "added").unwrap();
    update.write("data/a.json", "{\"changed\":1}").unwrap();
    assert!(
        !update.dir().join("same.html").exists(),
        "unchanged: not written"
    );
    assert_eq!(update.read_to_string("same.html").unwrap(), "same");
    assert_eq!(update.read_to_string("a/index.html").unwrap(), "new");
    assert_eq!(
        update.changed_pages().unwrap(),
        ["a/index.html", "new/index.html"]
    );
    assert!(!update.same_files_as_target());
    assert_eq!(
        update.totals(),
        (5, 4 + 3 + 5 + 13 + out_dir::MARKER_TEXT.len() as u64)
    );
    let manifest = update.commit().unwrap();
    let read = |file: &str| fs::read_to_string(target.join(file)).unwrap();
    assert_eq!(
        (
            read("same.html"),
            read("a/index.html"),
            read("new/index.html")
        ),
        ("same".into(), "new".into(), "added".into())
    );
    assert!(!target.join("gone/index.html").exists());
    assert!(target.join(out_dir::MARKER).exists());
    assert_eq!(
        fs::read_dir(root.path()).unwrap().count(),
        1,
        "no staging folder left"
    );

    let again = Staging::update(&target, manifest).unwrap();
    for (file, text) in [
        ("same.html", "same"),
        ("a/index.html", "new"),
        ("new/index.html", "added"),
    ] {
        again.write(file, text).unwrap();
    }
    again.write("data/a.json", "{\"changed\":1}").unwrap();
    assert!(again.same_files_as_target());
    assert_eq!(again.changed_pages().unwrap(), Vec::<String>::new());
}

#[test]
fn a_new_site_links_the_files_the_old_one_holds_unchanged_and_leaves_it_intact() {
    use std::os::unix::fs::MetadataExt;
    let root = tempfile::tempdir().unwrap();
    let target = root.path().join("dist");
    let source = root.path().join("logo.svg");
    fs::write(&source, "<svg/>").unwrap();
    let first = Staging::new(&target).unwrap();
    first.write("same.html", "same").unwrap();
    first.write("changed.html", "old").unwrap();
    first.copy_file(&source, "media/logo.svg").unwrap();
    first.commit().unwrap();
    let inode = |path: &Path| fs::metadata(path).unwrap().ino();
    let old_same = inode(&target.join("same.html"));
    let old_logo = inode(&target.join("media/logo.svg"));

    let next = Staging::new(&target).unwrap();
    next.write("same.html", "same").unwrap();
    next.write("changed.html", "new").unwrap();
    next.copy_file(&source, "media/logo.svg").unwrap();
    assert_eq!(inode(&next.dir().join("same.html")), old_same, "linked");
    assert_eq!(
        inode(&next.dir().join("media/logo.svg")),
        old_logo,
        "linked"
    );
    assert_eq!(
        fs::read_to_string(target.join("changed.html")).unwrap(),
        "old"
    );
    next.commit().unwrap();
    let read = |file: &str| fs::read_to_string(target.join(file)).unwrap();
    assert_eq!(
        (read("same.html"), read("changed.html")),
        ("same".into(), "new".into())
    );
    assert_eq!(read("media/logo.svg"), "<svg/>");
}

#[test]
fn a_file_written_with_twins_gets_them_and_an_unchanged_one_takes_the_old_sites() {
    use std::os::unix::fs::MetadataExt;
    let root = tempfile::tempdir().unwrap();
    let target = root.path().join("dist");
    let (same, changed) = ("<p>same</p>".repeat(50), "<p>new</p>".repeat(50));
    let first = Staging::new(&target).unwrap();
    first.write_with_twins("same.html", &same).unwrap();
    first
        .write_with_twins("changed.html", "<p>old</p>".repeat(50))
        .unwrap();
    first.write_with_twins("tiny.html", "<p>").unwrap();
    first.commit().unwrap();
    assert!(target.join("same.html.br").is_file() && target.join("same.html.gz").is_file());
    assert!(
        !target.join("tiny.html.gz").exists(),
        "too small to be worth it"
    );
    let inode = |path: &Path| fs::metadata(path).unwrap().ino();
    let old_twin = inode(&target.join("same.html.br"));

    let next = Staging::new(&target).unwrap();
    next.write_with_twins("same.html", &same).unwrap();
    next.write_with_twins("changed.html", &changed).unwrap();
    assert_eq!(inode(&next.dir().join("same.html.br")), old_twin, "linked");
    next.commit().unwrap();
    let mut gunzipped = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(&fs::read(target.join("changed.html.gz")).unwrap()[..]),
        &mut gunzipped,
    )
    .unwrap();
    assert_eq!(gunzipped, changed, "compressed afresh");
}

#[test]
fn a_committed_staging_folder_replaces_the_site() {
    let root = tempfile::tempdir().unwrap();
    let target = root.path().join("dist");
    fs::create_dir(&target).unwrap();
    fs::write(target.join("stale.html"), "old").unwrap();
    let staging = Staging::new(&target).unwrap();
    staging.write("a/b/index.html", "new").unwrap();
    staging.commit().unwrap();
    assert_eq!(
        fs::read_to_string(target.join("a/b/index.html")).unwrap(),
        "new"
    );
    assert!(!target.join("stale.html").exists());
    assert_eq!(fs::read_dir(root.path()).unwrap().count(), 1);
}

#[test]
fn files_land_in_nested_folders_even_when_threads_race_to_make_them() {
    let root = tempfile::tempdir().unwrap();
    let staging = Staging::new(&root.path().join("dist")).unwrap();
    std::thread::scope(|scope| {
        for thread in 0..4 {
            let staging = &staging;
            scope.spawn(move || {
                for product in 0..50 {
                    let page = format!("products/{product}/slug/index.html");
                    staging.write(&page, format!("{thread}")).unwrap();
                }
            });
        }
    });
    let page = staging.dir().join("products/49/slug/index.html");
    assert!(fs::read_to_string(page).is_ok());
    let folders = staging.folders.lock().unwrap().len();
    // products, 50 product folders and their 50 slug folders.
    assert_eq!(folders, 101);
}

#[cfg(unix)]
#[test]
fn a_copied_file_is_readable_by_everyone_whatever_its_sources_mode() {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().unwrap();
    let source = root.path().join("photo.jpg");
    fs::write(&source, "bytes").unwrap();
    fs::set_permissions(&source, fs::Permissions::from_mode(0o600)).unwrap();
    let target = root.path().join("dist");
    let staging = Staging::new(&target).unwrap();
    staging.copy_file(&source, "media/photo.jpg").unwrap();
    let copied = staging.dir.join("media/photo.jpg");
    assert_eq!(fs::read_to_string(&copied).unwrap(), "bytes");
    let mode = fs::metadata(&copied).unwrap().permissions().mode();
    assert_eq!(mode & 0o044, 0o044, "mode {mode:o}");
}

#[test]
fn with_a_media_folder_the_media_files_go_there_and_are_committed_with_the_site() {
    let root = tempfile::tempdir().unwrap();
    let (target, media_target) = (root.path().join("dist"), root.path().join("dist-media"));
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let staging = Staging::new(&target)
        .unwrap()
        .with_media(Staging::new(&media_target).unwrap());
    staging.write("index.html", "page").unwrap();
    staging.write("media/a.1a2b3c4d.png", "image").unwrap();
    staging.copy_file(&source, "media/b.1a2b3c4d.pdf").unwrap();
    staging
        .write_with_twins("media/c.1a2b3c4d.svg", "<svg/>")
        .unwrap();
    let files = staging.files();
    for file in ["index.html", "media/a.1a2b3c4d.png", "media/b.1a2b3c4d.pdf"] {
        assert!(files.contains(file), "the link check sees {file}");
    }
    assert_eq!(
        staging.read_to_string("media/a.1a2b3c4d.png").unwrap(),
        "image"
    );
    let manifest = staging.commit().unwrap();

    assert!(!manifest.keys().any(|file| file.starts_with(MEDIA_PREFIX)));
    assert!(!target.join("media").exists());
    assert_eq!(
        fs::read_to_string(target.join("index.html")).unwrap(),
        "page"
    );
    assert_eq!(
        fs::read_to_string(media_target.join("media/a.1a2b3c4d.png")).unwrap(),
        "image"
    );
    assert!(media_target.join("media/b.1a2b3c4d.pdf").is_file());
    assert!(media_target.join("media/c.1a2b3c4d.svg").is_file());
    assert!(media_target.join(out_dir::MARKER).is_file());
    let mut beside: Vec<String> = fs::read_dir(root.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    beside.sort();
    assert_eq!(beside, ["dist", "dist-media"], "no staging folder left");

    // A build that fails drops both staging folders: both outputs stay as they were.
    {
        let staging = Staging::new(&target)
            .unwrap()
            .with_media(Staging::new(&media_target).unwrap());
        staging.write("media/a.1a2b3c4d.png", "other").unwrap();
    }
    assert_eq!(
        fs::read_to_string(media_target.join("media/a.1a2b3c4d.png")).unwrap(),
        "image"
    );
    assert_eq!(fs::read_dir(root.path()).unwrap().count(), 2);
}
