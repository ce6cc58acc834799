//! The GitHub Actions workflow that `docs/deploying.md` gives to copy: its build step,
//! run for each host it deploys to, builds the site. A module of `cli.rs`, whose
//! helpers it shares.

use std::fs;

use super::{build_command, repo_root, small_project};

/// The hosts the workflow deploys to, as its `SITEGEN_HOST` variable names them.
const WORKFLOW_HOSTS: [&str; 3] = ["cloudflare-pages", "netlify", "github-pages"];

/// How the build step names the host: the repository variable, quoted.
const HOST_VARIABLE: &str = "\"${{ vars.SITEGEN_HOST }}\"";

/// The arguments after `build` of the workflow's `sitegen build` step, with the
/// repository variable that names the host.
fn workflow_build_arguments() -> Vec<String> {
    let guide = fs::read_to_string(repo_root().join("docs/deploying.md")).unwrap();
    let workflow = guide
        .split("```yaml\nname: Build and deploy\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("docs/deploying.md gives the workflow");
    let step = workflow
        .lines()
        .find_map(|line| {
            line.trim()
                .strip_prefix("- run: target/release/sitegen build")
        })
        .expect("the workflow has a sitegen build step");
    step.split_whitespace().map(str::to_string).collect()
}

#[test]
fn the_workflows_build_step_builds_the_site_for_each_host_it_deploys_to() {
    let step = workflow_build_arguments().join(" ");
    assert!(
        step.contains(HOST_VARIABLE),
        "the host comes from the repository variable: {step}"
    );
    let (tmp, _content) = small_project();
    for host in WORKFLOW_HOSTS {
        // The shell's view of the step once GitHub has put the variable in.
        let step = step.replace(HOST_VARIABLE, host);
        let args: Vec<&str> = step.split_whitespace().collect();
        let output = build_command(tmp.path(), &[], "content", "dist", &args)
            .arg("--jobs")
            .arg("2")
            .output()
            .expect("sitegen runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{host}: {args:?}\n{stderr}");
        // What the host reads, which the deploy step then uploads.
        let host_file = if host == "github-pages" {
            ".nojekyll"
        } else {
            "_redirects"
        };
        assert!(tmp.path().join("dist").join(host_file).is_file(), "{host}");
    }
}
