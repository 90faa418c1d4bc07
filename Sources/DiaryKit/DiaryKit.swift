// DiaryKit
