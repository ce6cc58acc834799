//! The output folder: sitegen replaces only a folder it wrote itself, and no
//! interruption, at any point of a build, loses the site or blocks the next build.

mod common;

use std::fs;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Output;

use common::*;

fn assert_refused(output: &Output, reason: &str) {
    let text = stderr(output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("refusing to build into"), "{text}");
    assert!(text.contains(reason), "{text}");
    assert!(text.contains("nothing was written or removed"), "{text}");
}

/// The names of what lies in `dir`, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn an_out_that_is_or_holds_the_content_is_refused_and_nothing_is_touched() {
    let (tmp, content) = small_project();
    let project = tmp.path();
    fs::write(project.join("sentinel"), "keep me").unwrap();
    let before = snapshot(project);
    for (out, reason) in [
        (content.clone(), "it is the content folder"),
        (content.join("site"), "it is inside the content folder"),
        (project.to_path_buf(), "it is the project folder"),
        (project.parent().unwrap().to_path_buf(), "it holds"),
        (PathBuf::from("/"), "it is the file system's root"),
    ] {
        assert_refused(&build(&[], &content, &out), reason);
    }
    assert_eq!(snapshot(project), before, "a .toml or the sentinel changed");
}

#[test]
fn an_out_that_is_the_current_folder_deletes_nothing() {
    let (tmp, _) = small_project();
    let project = tmp.path();
    fs::write(project.join("sentinel"), "keep me").unwrap();
    fs::create_dir(project.join("sub")).unwrap();
    fs::write(project.join("sub/notes.txt"), "mine").unwrap();
    let before = snapshot(project);
    let output = build_in(project, &[], "content", project.to_str().unwrap());
    assert_refused(&output, "it is the current folder");
    let output = build_in(&project.join("sub"), &[], "../content", "..");
    assert_refused(&output, "it holds the current folder");
    assert_eq!(snapshot(project), before);
}

#[test]
fn an_out_that_is_an_existing_file_is_refused_and_the_file_kept() {
    let (tmp, content) = small_project();
    let file = tmp.path().join("file.txt");
    fs::write(&file, "mine").unwrap();
    let before = entries(tmp.path());
    assert_refused(&build(&[], &content, &file), "it is an existing file");
    assert_eq!(fs::read_to_string(&file).unwrap(), "mine");
    assert_eq!(
        entries(tmp.path()),
        before,
        "no .file.txt.retired or staging"
    );
}

#[test]
fn a_non_empty_folder_without_the_marker_is_refused() {
    let (tmp, content) = small_project();
    let photos = tmp.path().join("photos");
    fs::create_dir(&photos).unwrap();
    fs::write(photos.join("holiday.jpg"), "mine").unwrap();
    assert_refused(
        &build(&[], &content, &photos),
        "has no .sitegen-output file",
    );
    assert_eq!(entries(&photos), ["holiday.jpg"]);
}

#[test]
fn build_help_states_which_folders_out_may_name() {
    let help = stdout(&sitegen(&["build", "--help"]));
    assert!(help.contains(".sitegen-output"), "{help}");
    assert!(help.contains("empty"), "{help}");
}

/// The names and sizes of every file of a site.
fn shape(dir: &Path) -> Vec<(PathBuf, usize)> {
    snapshot(dir)
        .into_iter()
        .map(|(path, bytes)| (path, bytes.len()))
        .collect()
}

/// What lies beside the output folder besides the content, the output and the media
/// cache: staging folders and old sites left behind.
fn leftovers(project: &Path) -> Vec<String> {
    entries(project)
        .into_iter()
        .filter(|name| name.starts_with(".dist"))
        .collect()
}

/// [`build`] with --precompress, so that the compress stage runs too.
fn build_every_stage(env: &[(&str, &str)], content: &Path, out: &Path) -> Output {
    let (content, out) = (content.to_str().unwrap(), out.to_str().unwrap());
    build_command(&repo_root(), env, content, out, &["--precompress"])
        .output()
        .expect("sitegen runs")
}

/// Kills a build with SIGKILL at every stage and at every step of the commit (also on
/// the path of systems without an atomic folder swap). After each kill `dist/` is a
/// complete site (or, between the two renames of that path, the old one is set aside
/// whole), and the next build, itself killed at the next point, gets past the clean-up;
/// a last build succeeds and leaves nothing behind.
#[test]
fn a_killed_build_never_blocks_the_next_and_dist_stays_a_complete_site() {
    let (tmp, content) = small_project();
    let out = tmp.path().join("dist");
    let first = build_every_stage(&[], &content, &out);
    assert!(first.status.success(), "{}", stderr(&first));
    let site = shape(&out);
    assert!(site.iter().any(|(path, _)| path == Path::new("index.html")));

    for fault in [
        "content:KILL",
        "web app:KILL",
        "media:KILL",
        "data:KILL",
        "rendering:KILL",
        "prerender:KILL",
        "write:KILL",
        "link check:KILL",
        "compress:KILL",
        "committed:KILL",
        "removing-old-site:KILL",
        "no-exchange,between-renames:KILL",
        "no-exchange,committed:KILL",
        "no-exchange,removing-old-site:KILL",
    ] {
        let output = build_every_stage(&[("SITEGEN_FAULT", fault)], &content, &out);
        assert_eq!(
            output.status.signal(),
            Some(9),
            "{fault}: not killed: {}",
            stderr(&output)
        );
        if fault.ends_with("between-renames:KILL") {
            let set_aside = leftovers(tmp.path());
            let retired = set_aside
                .iter()
                .find(|name| name.starts_with(".dist.retired-"));
            let retired = retired.unwrap_or_else(|| panic!("{fault}: {set_aside:?}"));
            assert_eq!(shape(&tmp.path().join(retired)), site, "{fault}");
        } else {
            assert_eq!(shape(&out), site, "{fault}: dist/ is not a complete site");
        }
    }
    let last = build_every_stage(&[], &content, &out);
    assert!(last.status.success(), "{}", stderr(&last));
    assert_eq!(shape(&out), site);
    assert_eq!(leftovers(tmp.path()), Vec::<String>::new());
}

/// SIGINT and SIGTERM stop a build: exit 130 or 143, the staging folder removed, the
/// previous site byte for byte as it was.
#[test]
fn an_interrupted_build_exits_130_or_143_and_keeps_the_previous_site() {
    let (tmp, content) = small_project();
    let out = tmp.path().join("dist");
    let first = build_every_stage(&[], &content, &out);
    assert!(first.status.success(), "{}", stderr(&first));
    let before = snapshot(&out);
    // An edit, so that a build that went through would change the site.
    let site = content.join("site.toml");
    let text = fs::read_to_string(&site).unwrap();
    fs::write(&site, text.replacen("founded = 2002", "founded = 2003", 1)).unwrap();

    for (fault, code) in [
        ("content:INT", 130),
        ("rendering:INT", 130),
        ("rendering:TERM", 143),
        ("compress:TERM", 143),
    ] {
        let output = build_every_stage(&[("SITEGEN_FAULT", fault)], &content, &out);
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(code), "{fault}: {text}");
        assert!(text.contains("interrupted;"), "{fault}: {text}");
        assert!(snapshot(&out) == before, "{fault}: dist/ changed");
        assert_eq!(leftovers(tmp.path()), Vec::<String>::new(), "{fault}");
    }
}

/// A build into the folder its last build left updates it in place (it says so). One
/// killed half-way through its moves leaves a folder that is neither site; the next
/// build, of the content the record describes, must not trust the record (it would
/// leave the moved files as they are): it makes a whole new site, the same bytes as a
/// clean build into a new folder.
#[test]
fn an_update_in_place_killed_half_way_is_followed_by_a_whole_build() {
    let (tmp, content) = small_project();
    let out = tmp.path().join("dist");
    let first = build(&[], &content, &out);
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(!stdout(&first).contains("in place"), "{}", stdout(&first));
    let edit = |founded: &str| {
        let site = content.join("site.toml");
        let text = fs::read_to_string(&site).unwrap();
        let edited = text
            .replace("founded = 2002", founded)
            .replace("founded = 2003", founded);
        fs::write(&site, edited).unwrap();
    };

    edit("founded = 2003");
    let updated = build(&[], &content, &out);
    assert!(updated.status.success(), "{}", stderr(&updated));
    let said = stdout(&updated);
    assert!(
        said.contains(&format!("updated {} in place: ", out.display())),
        "{said}"
    );
    assert!(
        said.contains(" removed, ") && said.contains(" unchanged"),
        "{said}"
    );

    edit("founded = 2002");
    let killed = build(&[("SITEGEN_FAULT", "updating:KILL")], &content, &out);
    assert_eq!(killed.status.signal(), Some(9), "{}", stderr(&killed));
    edit("founded = 2003");
    let next = build(&[], &content, &out);
    assert!(next.status.success(), "{}", stderr(&next));
    assert!(!stdout(&next).contains("in place"), "{}", stdout(&next));
    assert_eq!(leftovers(tmp.path()), Vec::<String>::new());

    let clean_out = tmp.path().join("clean");
    let clean = build(&[], &content, &clean_out);
    assert!(clean.status.success(), "{}", stderr(&clean));
    assert!(
        snapshot(&out) == snapshot(&clean_out),
        "the site differs from a clean build"
    );
}

#[test]
fn an_unknown_fault_is_refused_before_anything_is_touched() {
    let (tmp, content) = small_project();
    let out = tmp.path().join("dist");
    for fault in ["renderin:KILL", "rendering:HUP", "no-exchang"] {
        let output = build(&[("SITEGEN_FAULT", fault)], &content, &out);
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{fault}: {text}");
        assert!(text.contains(&format!("unknown fault {fault:?}")), "{text}");
        assert!(!out.exists(), "{fault}: the build began");
    }
}
