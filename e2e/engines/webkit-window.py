#!/usr/bin/python3
"""A bare GTK window holding a WebKitWebView, for WebKitWebDriver to drive (it starts this with its
remote inspector's address in WEBKIT_INSPECTOR_SERVER). MiniBrowser cannot be narrower than 447 px; this window takes the size WebDriver
asks for, 360 px included. Every web view is ephemeral (its own storage, nothing on disk), so two
sessions are two browsers. ENGINE_INIT_SCRIPT names a script run at the start of every frame."""
import os

import gi

gi.require_version('Gtk', '3.0')
gi.require_version('WebKit2', '4.1')
from gi.repository import Gtk, WebKit2  # noqa: E402

context = WebKit2.WebContext.get_default()
context.set_automation_allowed(True)
init_script = os.environ.get('ENGINE_INIT_SCRIPT')


def new_view():
    content = WebKit2.UserContentManager()
    if init_script:
        with open(init_script, encoding='utf-8') as source:
            content.add_script(WebKit2.UserScript(
                source.read(), WebKit2.UserContentInjectedFrames.ALL_FRAMES,
                WebKit2.UserScriptInjectionTime.START, None, None))
    view = WebKit2.WebView(web_context=context, user_content_manager=content,
                           is_controlled_by_automation=True, is_ephemeral=True)
    window = Gtk.Window()
    window.set_default_size(360, 740)
    window.add(view)
    view.connect('close', lambda _view: window.destroy())
    window.connect('destroy', lambda _window: None)
    window.show_all()
    return view


def on_automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name('webkit-window')
    info.set_version(2, 50, 0)
    session.set_application_info(info)
    session.connect('create-web-view', lambda _session: new_view())


context.connect('automation-started', on_automation_started)
Gtk.main()
