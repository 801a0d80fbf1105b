"""The join screen's message about a typed field goes once the person edits a field (a
playtest saw "Hãy nhập địa chỉ…" stay in red after the address had been typed); a
message about the connection stays until the next try."""

from __future__ import annotations

from lieng.ui.scenes.lan_join import LanJoinScene

from ..helpers import LOOPBACK, MakeApp, click, step, type_into


def test_a_field_s_error_goes_when_the_field_is_edited(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    scene = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
    app.push(scene)
    step(app)
    type_into(app, scene.entries["address"], "")
    click(app, scene.join)
    assert scene.error == "lan.err_address"
    type_into(app, scene.entries["address"], LOOPBACK)
    step(app)  # the text box's change event, posted by the last frame
    assert scene.error is None
    scene.error = "lan.err_connect"  # what the last try said about the host
    type_into(app, scene.entries["port"], "47123")
    step(app)
    assert scene.error == "lan.err_connect"
    scene.close_finder()
